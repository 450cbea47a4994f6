-- Format 16: two things the rules ask that the book could not keep.
--
-- The turn an explorer last won back his askaris' respect, by a victory
-- or a dangerous animal killed (R 5.52): their desertions stop that same
-- turn, so bearer work done in it does not cost him their respect again
-- at its end. A table of its own: a column added to explorer would stop
-- older changes to it being undone. Nobody has won it back yet.
CREATE TABLE respect_won (
  explorer_id INTEGER PRIMARY KEY REFERENCES explorer (id) ON DELETE CASCADE,
  turn INTEGER NOT NULL CHECK (turn >= 1)
);

-- A cache marker's number is free again once its cache is dug up or
-- gone (R 17.3, 17.7): only caches still hidden keep their numbers
-- apart. A table's UNIQUE can't be dropped, so the caches are copied
-- into a table of the same columns, in the same order.
CREATE TABLE cache_format_16 (
  id INTEGER PRIMARY KEY,
  explorer_id INTEGER NOT NULL REFERENCES explorer (id),
  number INTEGER NOT NULL CHECK (number >= 1),
  hex TEXT NOT NULL CHECK (length (trim (hex)) > 0),
  turn INTEGER NOT NULL CHECK (turn >= 1),
  state TEXT NOT NULL DEFAULT 'hidden' CHECK (state IN ('hidden', 'recovered', 'gone')),
  rations INTEGER NOT NULL DEFAULT 0 CHECK (rations >= 0),
  water INTEGER NOT NULL DEFAULT 0 CHECK (water >= 0),
  gifts INTEGER NOT NULL DEFAULT 0 CHECK (gifts >= 0),
  muskets INTEGER NOT NULL DEFAULT 0 CHECK (muskets >= 0),
  tusks INTEGER NOT NULL DEFAULT 0 CHECK (tusks >= 0),
  specimens INTEGER NOT NULL DEFAULT 0 CHECK (specimens >= 0),
  pelts INTEGER NOT NULL DEFAULT 0 CHECK (pelts >= 0)
);
INSERT INTO cache_format_16 SELECT * FROM cache ORDER BY id;
DROP TABLE cache;
ALTER TABLE cache_format_16 RENAME TO cache;
CREATE UNIQUE INDEX cache_hidden_number ON cache (explorer_id, number) WHERE state = 'hidden';
