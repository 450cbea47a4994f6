-- Format 15: the animal, plant or tribe a bonus discovery names, when
-- the card names one. Each name is published once (R 20.74): a bonus
-- naming one already published is ignored, and one published first by
-- another explorer loses its VP, so vp_entry_id names them. A table of
-- its own, as bonus_item is, so older changes to bonus_discovery can
-- still be undone. Bonuses recorded before named nothing, and have no row.
-- Names are compared as players compare them (any case, any accents'
-- spelling), which sqlite's NOCASE does not, so the program compares.
CREATE TABLE bonus_name (
  bonus_id INTEGER PRIMARY KEY REFERENCES bonus_discovery (id) ON DELETE CASCADE,
  name TEXT NOT NULL CHECK (length (trim (name)) > 0),
  vp_entry_id INTEGER REFERENCES vp_entry (id) ON DELETE CASCADE
);
