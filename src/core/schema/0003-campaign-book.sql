-- Format 3: the campaign book, the Player Aid sheet as tables. Every
-- table has an INTEGER PRIMARY KEY (undo records changes by key); the
-- CHECKs are the last line against impossible counts: the operations
-- check first and explain. Enumerated columns hold the GEnum nick.

CREATE TABLE player (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE COLLATE NOCASE CHECK (length (trim (name)) > 0),
  colour TEXT NOT NULL DEFAULT '',
  turn_order INTEGER NOT NULL CHECK (turn_order >= 1)
);

-- One row: the rules this campaign is played by and whose turn it is.
CREATE TABLE game (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  game INTEGER NOT NULL DEFAULT 2 CHECK (game IN (1, 2)),
  vp_goal INTEGER NOT NULL DEFAULT 75 CHECK (vp_goal >= 1),
  edition TEXT NOT NULL DEFAULT 'ah' CHECK (edition IN ('ah', 'dg')),
  poison_one_in_36 INTEGER NOT NULL DEFAULT 0 CHECK (poison_one_in_36 IN (0, 1)),
  turn INTEGER NOT NULL DEFAULT 1 CHECK (turn >= 1),
  current_player INTEGER REFERENCES player (id),
  winner INTEGER REFERENCES player (id)
);
INSERT INTO game (id) VALUES (1);

-- An explorer over his life: one per expedition a player sends out.
CREATE TABLE explorer (
  id INTEGER PRIMARY KEY,
  player_id INTEGER NOT NULL REFERENCES player (id),
  name TEXT NOT NULL CHECK (length (trim (name)) > 0),
  specialty TEXT NOT NULL CHECK (length (specialty) > 0),
  port TEXT NOT NULL CHECK (length (trim (port)) > 0),
  status TEXT NOT NULL DEFAULT 'in-port' CHECK (status IN
    ('in-europe', 'at-sea', 'in-port', 'in-africa', 'captive', 'dead', 'retired')),
  hex TEXT NOT NULL DEFAULT '',
  distance_from_port INTEGER NOT NULL DEFAULT 0 CHECK (distance_from_port >= 0),
  farthest_from_port INTEGER NOT NULL DEFAULT 0 CHECK (farthest_from_port >= 0),
  started_turn INTEGER NOT NULL CHECK (started_turn >= 1),
  ended_turn INTEGER CHECK (ended_turn IS NULL OR ended_turn >= started_turn),
  starving_turns INTEGER NOT NULL DEFAULT 0 CHECK (starving_turns >= 0),
  money INTEGER NOT NULL DEFAULT 0 CHECK (money >= 0)
);

-- The Expedition Make-up of the Player Aid sheet, one per explorer. The
-- column names are the field names of NileExpedition.
CREATE TABLE expedition (
  explorer_id INTEGER PRIMARY KEY REFERENCES explorer (id),
  explorer_sick INTEGER NOT NULL DEFAULT 0 CHECK (explorer_sick IN (0, 1)),
  explorer_armed INTEGER NOT NULL DEFAULT 0 CHECK (explorer_armed IN (0, 1)),
  explorer_debased INTEGER NOT NULL DEFAULT 0 CHECK (explorer_debased IN (0, 1)),
  explorer_is_bearer INTEGER NOT NULL DEFAULT 0 CHECK (explorer_is_bearer IN (0, 1)),
  bearers INTEGER NOT NULL DEFAULT 0 CHECK (bearers >= 0),
  sick_bearers INTEGER NOT NULL DEFAULT 0 CHECK (sick_bearers >= 0),
  guides INTEGER NOT NULL DEFAULT 0 CHECK (guides >= 0),
  sick_guides INTEGER NOT NULL DEFAULT 0 CHECK (sick_guides >= 0),
  askaris INTEGER NOT NULL DEFAULT 0 CHECK (askaris >= 0),
  sick_askaris INTEGER NOT NULL DEFAULT 0 CHECK (sick_askaris >= 0),
  ride_horses INTEGER NOT NULL DEFAULT 0 CHECK (ride_horses >= 0),
  pack_horses INTEGER NOT NULL DEFAULT 0 CHECK (pack_horses >= 0),
  ride_camels INTEGER NOT NULL DEFAULT 0 CHECK (ride_camels >= 0),
  pack_camels INTEGER NOT NULL DEFAULT 0 CHECK (pack_camels >= 0),
  canoes INTEGER NOT NULL DEFAULT 0 CHECK (canoes >= 0),
  rations INTEGER NOT NULL DEFAULT 0 CHECK (rations >= 0),
  fresh_rations INTEGER NOT NULL DEFAULT 0 CHECK (fresh_rations >= 0),
  water INTEGER NOT NULL DEFAULT 0 CHECK (water >= 0),
  gifts INTEGER NOT NULL DEFAULT 0 CHECK (gifts >= 0),
  muskets INTEGER NOT NULL DEFAULT 0 CHECK (muskets >= 0),
  tusks INTEGER NOT NULL DEFAULT 0 CHECK (tusks >= 0),
  specimens INTEGER NOT NULL DEFAULT 0 CHECK (specimens >= 0),
  pelts INTEGER NOT NULL DEFAULT 0 CHECK (pelts >= 0),
  mode TEXT NOT NULL DEFAULT 'foot' CHECK (mode IN ('foot', 'canoe', 'mounted')),
  desert_turns INTEGER NOT NULL DEFAULT 0 CHECK (desert_turns >= 0)
);

-- Every man for himself (R 5.53): one living explorer per player.
CREATE UNIQUE INDEX explorer_one_living ON explorer (player_id)
  WHERE status NOT IN ('dead', 'retired');

-- Donation cards as the players draw them (R 26): the app records the
-- cards, it does not simulate the deck.
CREATE TABLE donation (
  id INTEGER PRIMARY KEY,
  player_id INTEGER NOT NULL REFERENCES player (id),
  turn INTEGER NOT NULL CHECK (turn >= 1),
  kind TEXT NOT NULL CHECK (kind IN ('money', 'ticket', 'none')),
  amount INTEGER NOT NULL DEFAULT 0 CHECK (amount >= 0),
  port TEXT NOT NULL DEFAULT '',
  state TEXT NOT NULL DEFAULT 'held' CHECK (state IN ('held', 'spent', 'discarded')),
  CHECK ((kind = 'money') = (amount > 0)),
  CHECK ((kind = 'ticket') = (port <> ''))
);

CREATE TABLE cache (
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
  pelts INTEGER NOT NULL DEFAULT 0 CHECK (pelts >= 0),
  UNIQUE (explorer_id, number)
);

-- A native counter (1–50, R 3.33); AH tribes have a size, DG tribes a
-- head count, never both.
CREATE TABLE tribe (
  id INTEGER PRIMARY KEY,
  counter INTEGER NOT NULL UNIQUE CHECK (counter BETWEEN 1 AND 50),
  hex TEXT NOT NULL CHECK (length (trim (hex)) > 0),
  size TEXT CHECK (size IS NULL OR size IN ('small', 'medium', 'large')),
  natives INTEGER CHECK (natives IS NULL OR natives >= 1),
  desert INTEGER NOT NULL DEFAULT 0 CHECK (desert IN (0, 1)),
  CHECK ((size IS NULL) <> (natives IS NULL))
);

CREATE TABLE relation (
  id INTEGER PRIMARY KEY,
  tribe_id INTEGER NOT NULL REFERENCES tribe (id),
  explorer_id INTEGER NOT NULL REFERENCES explorer (id),
  friendly INTEGER NOT NULL DEFAULT 0 CHECK (friendly IN (0, 1)),
  attitude INTEGER NOT NULL DEFAULT 0,
  negotiated INTEGER NOT NULL DEFAULT 0 CHECK (negotiated IN (0, 1)),
  gifts_traded INTEGER NOT NULL DEFAULT 0 CHECK (gifts_traded >= 0),
  battles_won INTEGER NOT NULL DEFAULT 0 CHECK (battles_won >= 0),
  battles_lost INTEGER NOT NULL DEFAULT 0 CHECK (battles_lost >= 0),
  journalist_credited INTEGER NOT NULL DEFAULT 0 CHECK (journalist_credited IN (0, 1)),
  prisoners_released INTEGER NOT NULL DEFAULT 0 CHECK (prisoners_released >= 0),
  UNIQUE (tribe_id, explorer_id)
);

-- One trade per item type per tribe per turn (R 14.82).
CREATE TABLE trade (
  id INTEGER PRIMARY KEY,
  tribe_id INTEGER NOT NULL REFERENCES tribe (id),
  explorer_id INTEGER NOT NULL REFERENCES explorer (id),
  turn INTEGER NOT NULL CHECK (turn >= 1),
  give TEXT NOT NULL,
  given INTEGER NOT NULL CHECK (given >= 1),
  item TEXT NOT NULL,
  received INTEGER NOT NULL CHECK (received >= 1),
  UNIQUE (tribe_id, explorer_id, turn, item)
);

-- A mapped hex as one explorer found it; the first to publish a hex
-- gets its points (R 22.3), so several explorers may hold the same
-- label until one publishes.
CREATE TABLE hex_discovery (
  id INTEGER PRIMARY KEY,
  label TEXT NOT NULL CHECK (length (trim (label)) > 0),
  explorer_id INTEGER NOT NULL REFERENCES explorer (id),
  turn INTEGER NOT NULL CHECK (turn >= 1),
  terrain TEXT NOT NULL CHECK (terrain IN ('desert', 'veldt', 'lake', 'swamp',
    'jungle', 'mountains', 'jungle-swamp', 'jungle-mountain')),
  river INTEGER NOT NULL DEFAULT 0 CHECK (river IN (0, 1)),
  oasis INTEGER NOT NULL DEFAULT 0 CHECK (oasis IN (0, 1)),
  cataract INTEGER NOT NULL DEFAULT 0 CHECK (cataract IN (0, 1)),
  natives INTEGER NOT NULL DEFAULT 0 CHECK (natives IN (0, 1)),
  mountain_ft INTEGER CHECK (mountain_ft IS NULL OR mountain_ft >= 1),
  waterfall_ft INTEGER CHECK (waterfall_ft IS NULL OR waterfall_ft >= 1),
  lake_sq_mi INTEGER CHECK (lake_sq_mi IS NULL OR lake_sq_mi >= 1),
  special_counter INTEGER CHECK (special_counter IS NULL OR special_counter BETWEEN 1 AND 8),
  partial INTEGER NOT NULL DEFAULT 0 CHECK (partial IN (0, 1)),
  vp INTEGER NOT NULL DEFAULT 0 CHECK (vp >= 0),
  published_turn INTEGER CHECK (published_turn IS NULL OR published_turn >= 1),
  UNIQUE (label, explorer_id)
);
CREATE UNIQUE INDEX hex_published_once ON hex_discovery (label)
  WHERE published_turn IS NOT NULL;

CREATE TABLE bonus_discovery (
  id INTEGER PRIMARY KEY,
  explorer_id INTEGER NOT NULL REFERENCES explorer (id),
  turn INTEGER NOT NULL CHECK (turn >= 1),
  description TEXT NOT NULL CHECK (length (trim (description)) > 0),
  vp INTEGER NOT NULL CHECK (vp >= 0)
);

-- One interview per explorer per game, never of himself (R 24.6).
CREATE TABLE interview (
  id INTEGER PRIMARY KEY,
  journalist_id INTEGER NOT NULL REFERENCES explorer (id),
  subject_id INTEGER NOT NULL REFERENCES explorer (id),
  turn INTEGER NOT NULL CHECK (turn >= 1),
  CHECK (journalist_id <> subject_id),
  UNIQUE (journalist_id, subject_id)
);

-- Only the first to travel a pair of ports earns it (R 25.31).
CREATE TABLE epic_journey (
  id INTEGER PRIMARY KEY,
  explorer_id INTEGER NOT NULL REFERENCES explorer (id),
  from_port TEXT NOT NULL,
  to_port TEXT NOT NULL,
  turn INTEGER NOT NULL CHECK (turn >= 1),
  vp INTEGER NOT NULL CHECK (vp >= 0),
  CHECK (from_port <> to_port),
  UNIQUE (from_port, to_port)
);

-- Victory points. An explorer's entries are unpublished until he
-- publishes them in Europe; a loss the expedition cannot absorb comes
-- off the player's published total (R 22.5) as a published entry with
-- no explorer.
CREATE TABLE vp_entry (
  id INTEGER PRIMARY KEY,
  player_id INTEGER NOT NULL REFERENCES player (id),
  explorer_id INTEGER REFERENCES explorer (id),
  hex_id INTEGER REFERENCES hex_discovery (id),
  turn INTEGER NOT NULL CHECK (turn >= 1),
  amount INTEGER NOT NULL,
  reason TEXT NOT NULL,
  state TEXT NOT NULL DEFAULT 'unpublished' CHECK (state IN ('unpublished', 'published', 'lost')),
  published_turn INTEGER CHECK (published_turn IS NULL OR published_turn >= 1),
  CHECK ((state = 'published') = (published_turn IS NOT NULL))
);

