-- Format 8: how many hexes a lake has (one to three, R 10.28), recorded
-- on the hex that completed it. Lakes rank by their hexes, then by the
-- extra square miles of that last hex (R 10.56, 22.8), and only the
-- explorers who mapped the last hex can claim one (R 22.9). A table of
-- its own: adding a column to hex_discovery would stop older changes to
-- it being undone.
CREATE TABLE lake_extent (
  hex_id INTEGER PRIMARY KEY REFERENCES hex_discovery (id) ON DELETE CASCADE,
  hexes INTEGER NOT NULL CHECK (hexes >= 1 AND hexes <= 3)
);
