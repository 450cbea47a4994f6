-- Format 5: the kind of each epic journey (R 25.33; DG's four transits)
-- and the hexes its VP were counted from. A table of its own: adding
-- columns to epic_journey would stop older changes to it being undone.
CREATE TABLE epic_journey_kind (
  journey_id INTEGER PRIMARY KEY REFERENCES epic_journey (id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('khartoum-cape', 'khartoum-east', 'khartoum-west', 'west-east')),
  hexes INTEGER NOT NULL CHECK (hexes >= 0)
);
