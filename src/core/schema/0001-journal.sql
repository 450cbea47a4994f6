-- Format 1: the campaign's own facts and the journal of its changes.
CREATE TABLE meta (
  key   TEXT PRIMARY KEY NOT NULL,
  value TEXT NOT NULL
);

CREATE TABLE journal (
  seq       INTEGER PRIMARY KEY NOT NULL,  -- 1, 2, 3 … never reused
  time      TEXT NOT NULL,                 -- UTC, ISO 8601
  operation TEXT NOT NULL,
  params    TEXT NOT NULL,                 -- a{sv}, GVariant text form
  summary   TEXT NOT NULL,                 -- the log line
  changeset BLOB,                          -- session changeset: undo inverts it, redo applies it
  undone    INTEGER NOT NULL DEFAULT 0 CHECK (undone IN (0, 1))
);
