-- Format 5: the campaign rules the book settles itself. New tables only:
-- adding columns to a table would stop older changes to it being undone.

-- The kind of each epic journey (R 25.33; DG's four transits) and the
-- hexes its VP were counted from.
CREATE TABLE epic_journey_kind (
  journey_id INTEGER PRIMARY KEY REFERENCES epic_journey (id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('khartoum-cape', 'khartoum-east', 'khartoum-west', 'west-east')),
  hexes INTEGER NOT NULL CHECK (hexes >= 0)
);

-- Spectacular discoveries and longest rivers are ranked once, at the
-- moment their publication gives a player the win (R 22.7, 25.21): the
-- one row says when and for whom, the awards list what was ranked.
CREATE TABLE spectacular_ranking (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  player_id INTEGER NOT NULL REFERENCES player (id),
  turn INTEGER NOT NULL CHECK (turn >= 1)
);

CREATE TABLE spectacular_award (
  id INTEGER PRIMARY KEY,
  explorer_id INTEGER NOT NULL REFERENCES explorer (id),
  kind TEXT NOT NULL CHECK (kind IN ('mountain', 'waterfall', 'lake', 'river')),
  rank INTEGER NOT NULL CHECK (rank >= 1),
  hex TEXT NOT NULL CHECK (length (trim (hex)) > 0),
  vp INTEGER NOT NULL CHECK (vp >= 0),
  UNIQUE (kind, rank),
  UNIQUE (kind, hex)
);
