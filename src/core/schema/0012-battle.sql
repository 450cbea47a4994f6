-- Format 12: the fights recorded with each tribe, by turn and result.
-- One fight can be written down more than once: the roll that settles
-- it names the tribe, and journalist-battle may be entered for it too;
-- a fight already here is not counted again (R 24.2–24.4). A table of
-- its own: adding a column to relation would stop older changes to it
-- being undone.
--
-- No rows to start with: battles a campaign already counts stay counted.
CREATE TABLE battle (
  relation_id INTEGER NOT NULL REFERENCES relation (id) ON DELETE CASCADE,
  turn INTEGER NOT NULL CHECK (turn >= 1),
  result TEXT NOT NULL CHECK (result IN ('won', 'lost')),
  PRIMARY KEY (relation_id, turn, result)
);
