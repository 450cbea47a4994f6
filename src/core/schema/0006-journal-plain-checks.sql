-- Format 4: the same journal, with its kind checked by plain comparisons.
-- sqlite evaluates "kind IN (three values)" by building a temporary table
-- for every line it writes, which cost more than the rest of the line.
-- A table's CHECK can't be altered, so the journal is copied into a new
-- table of the same columns, in the same order.
ALTER TABLE journal RENAME TO journal_format_3;

CREATE TABLE journal (
  seq       INTEGER PRIMARY KEY NOT NULL,  -- 1, 2, 3 … never reused
  time      TEXT NOT NULL,                 -- UTC, ISO 8601
  operation TEXT NOT NULL,
  params    TEXT NOT NULL,                 -- a{sv}, GVariant text form
  summary   TEXT NOT NULL,                 -- the log line
  changeset BLOB,                          -- session changeset: undo inverts it, redo applies it
  undone    INTEGER NOT NULL DEFAULT 0 CHECK (undone = 0 OR undone = 1),
  kind      TEXT NOT NULL DEFAULT 'do' CHECK (kind = 'do' OR kind = 'undo' OR kind = 'redo'),
  target    INTEGER REFERENCES journal (seq),
  discarded INTEGER NOT NULL DEFAULT 0 CHECK (discarded = 0 OR discarded = 1)
);

-- In order, so every line's target is already in the new table.
INSERT INTO journal (seq, time, operation, params, summary, changeset, undone, kind, target, discarded)
  SELECT seq, time, operation, params, summary, changeset, undone, kind, target, discarded
  FROM journal_format_3 ORDER BY seq;

-- Dropping a table deletes its rows first, and with foreign keys on each
-- deleted line is looked up as a target: by index, not by a whole scan.
CREATE INDEX journal_format_3_target ON journal_format_3 (target);
DROP TABLE journal_format_3;

-- Undo takes the newest live change, redo the oldest undone one.
CREATE INDEX journal_stack ON journal (kind, discarded, undone, seq);
