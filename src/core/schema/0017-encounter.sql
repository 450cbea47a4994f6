-- Format 17: a Native Encounter in progress, so that one stopped halfway
-- (the window closed, the tablet gone flat) is taken up again where it
-- was. One per player at most. Each step writes it in the same change as
-- the step's own operations, so undoing the step takes it back too; the
-- step that ends the encounter removes it. The state is the encounter as
-- nile_encounter_save() gives it, in GVariant text form.
CREATE TABLE encounter (
  player_id INTEGER PRIMARY KEY REFERENCES player (id) ON DELETE CASCADE,
  tribe_id INTEGER NOT NULL REFERENCES tribe (id) ON DELETE CASCADE,
  state TEXT NOT NULL CHECK (length (state) > 0)
);
