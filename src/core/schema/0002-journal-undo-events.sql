-- Format 2: undo and redo become journal lines of their own, pointing at
-- the change they acted on; a change undone and then superseded by a new
-- one is "discarded" (kept in the log, never redone).
ALTER TABLE journal ADD COLUMN kind TEXT NOT NULL DEFAULT 'do'
  CHECK (kind IN ('do', 'undo', 'redo'));
ALTER TABLE journal ADD COLUMN target INTEGER REFERENCES journal (seq);
ALTER TABLE journal ADD COLUMN discarded INTEGER NOT NULL DEFAULT 0
  CHECK (discarded IN (0, 1));

-- Undo takes the newest live change, redo the oldest undone one.
CREATE INDEX journal_stack ON journal (kind, discarded, undone, seq);
