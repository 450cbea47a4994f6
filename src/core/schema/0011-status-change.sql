-- Format 11: the turn each explorer's status last changed, and the
-- status he left. Some changes wait for a later turn: a port entered
-- this turn is left for Europe the next, and the voyage takes that whole
-- turn (R 21.4); a new expedition spends the turn it lands outfitting
-- and leaves port the next (R 26.2). A table of its own: adding a column
-- to explorer would stop older changes to it being undone.
--
-- No rows to start with: an explorer without one has kept his status
-- since before this format (or since he was sent out), which counts as
-- an earlier turn, so nothing a campaign already holds is held back.
CREATE TABLE status_change (
  explorer_id INTEGER PRIMARY KEY REFERENCES explorer (id) ON DELETE CASCADE,
  turn INTEGER NOT NULL CHECK (turn >= 1),
  from_status TEXT NOT NULL CHECK (from_status IN ('in-europe', 'at-sea', 'in-port', 'in-africa', 'captive'))
);
