-- Format 7: the undo stack as links between journal lines, and whom
-- each line is about.
--
-- The index journal_stack cost every change, undo and redo a write of
-- its own, more than the rest of the journal line. Instead each change
-- remembers the live change beneath it on the undo stack when it was
-- written ("below"); the campaign follows those links from the newest
-- line.
DROP INDEX journal_stack;

ALTER TABLE journal ADD COLUMN below INTEGER;
-- The player the line is about, by id so a renamed player keeps his
-- lines; undo and redo lines take their target's. No index and no
-- foreign key: both would cost every change.
ALTER TABLE journal ADD COLUMN player_id INTEGER;

-- Files from before undo wrote lines of its own may hold a change
-- undone beneath a live one: it can never be redone, it is discarded.
-- (Later files never do, and this changes nothing in them.)
UPDATE journal SET discarded = 1
WHERE kind = 'do' AND undone = 1 AND discarded = 0
  AND seq < (SELECT max (seq) FROM journal WHERE kind = 'do' AND undone = 0 AND discarded = 0);

-- The changes that are not discarded form the stack, oldest at the
-- bottom, the live ones under the undone ones: each one's "below" is
-- the one before it. So redo's next change is the first one after the
-- top, found along the key, and no index is needed at all.
WITH stack AS (
  SELECT seq, lag (seq) OVER (ORDER BY seq) AS below
  FROM journal WHERE kind = 'do' AND discarded = 0
)
UPDATE journal SET below = stack.below
FROM stack WHERE journal.seq = stack.seq AND stack.below IS NOT NULL;

-- Whom old changes were about, where their parameters name a player
-- who still has that name: the "player" parameter, or the newcomer's
-- "name" for add-player; in a batch, the first operation that names a
-- player. What cannot be filled in stays NULL (no player): lines about
-- a player renamed since (his old name no longer matches), and names
-- the parameters' text writes in double quotes or with escapes (names
-- holding a quote or a backslash).
WITH keyed AS (
  SELECT seq, params,
         CASE operation WHEN 'add-player' THEN '''name'': <''' ELSE '''player'': <''' END AS key
  FROM journal WHERE kind = 'do'
), tails AS (
  SELECT seq, substr (params, instr (params, key) + length (key)) AS tail
  FROM keyed WHERE instr (params, key) > 0
), named AS (
  SELECT seq, substr (tail, 1, instr (tail, '''>') - 1) AS name
  FROM tails WHERE instr (tail, '''>') > 0
)
UPDATE journal SET player_id = player.id
FROM named JOIN player ON player.name = named.name
WHERE journal.seq = named.seq;

-- Undo and redo lines are about their target's player.
UPDATE journal SET player_id = target_line.player_id
FROM journal AS target_line
WHERE journal.kind <> 'do' AND target_line.seq = journal.target;
