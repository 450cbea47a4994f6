-- Format 14: the item a bonus discovery brings home (R 20.71, 20.72): a
-- tusk, a live animal or a pelt, or a plant (alive or as seed, carried
-- with the live specimens). Its VP count only if the item reaches
-- Europe, so vp_entry_id names them, to be lost when it does not;
-- arrived is set when it did, so a later voyage does not count it again.
-- A table of its own: adding a column to bonus_discovery would stop
-- older changes to it being undone. Bonuses recorded before named no
-- item, and have no row.
CREATE TABLE bonus_item (
  bonus_id INTEGER PRIMARY KEY REFERENCES bonus_discovery (id) ON DELETE CASCADE,
  item TEXT NOT NULL CHECK (item IN ('tusk', 'specimen', 'pelt', 'plant')),
  vp_entry_id INTEGER REFERENCES vp_entry (id) ON DELETE CASCADE,
  arrived INTEGER NOT NULL DEFAULT 0 CHECK (arrived IN (0, 1))
);
