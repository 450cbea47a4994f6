-- Builds tests/fixtures/campaign-v1.nile: a campaign as format 1 wrote
-- it, to test the update to the current format. Run from the top source
-- folder, once, and commit the result (the test needs the same bytes):
--
--   rm -f tests/fixtures/campaign-v1.nile
--   sqlite3 tests/fixtures/campaign-v1.nile < tests/make-fixture-v1.sql
--
-- Format 1 had no undo lines in the journal: every line is a change.
PRAGMA application_id = 1313426501;  -- 0x4E494C45, "NILE"
.read src/core/schema/0001-journal.sql

INSERT INTO meta (key, value) VALUES
  ('name', 'Lake Tanganyika'),
  ('created', '2026-01-10T18:00:00Z');

-- The one change, recorded the way the program records it: a session
-- over the changed tables, whose changeset undo inverts.
.session open main rename
.session rename attach meta
UPDATE meta SET value = 'Mountains of the Moon' WHERE key = 'name';
.session rename changeset tests/fixtures/rename.changeset
.session rename close

INSERT INTO journal (seq, time, operation, params, summary, changeset, undone) VALUES
  (1, '2026-01-10T18:05:00Z', 'rename-campaign',
   '{''name'': <''Mountains of the Moon''>}',
   'Renamed the campaign to “Mountains of the Moon”',
   readfile ('tests/fixtures/rename.changeset'), 0);
.shell rm tests/fixtures/rename.changeset

PRAGMA user_version = 1;
VACUUM;
