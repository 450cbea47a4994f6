-- The steps of the sequence of play a player has done in a turn, so a
-- half-played turn survives closing the app. One row per step done;
-- value holds what the step chose (the activity level), else ''.
CREATE TABLE turn_step (
  id INTEGER PRIMARY KEY,
  player_id INTEGER NOT NULL REFERENCES player (id),
  turn INTEGER NOT NULL CHECK (turn >= 1),
  step TEXT NOT NULL CHECK (length (step) > 0),
  value TEXT NOT NULL DEFAULT '',
  UNIQUE (player_id, turn, step)
);
