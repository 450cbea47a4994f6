-- Format 10: indexes for the questions asked on every read of the book.
-- Each explorer's unpublished victory points, each player's published
-- ones and each player's held donations were sums over the whole table:
-- with forty explorers and a few thousand entries, half the time it took
-- to read a campaign's book. An index changes no row, so undo and redo
-- of older changes are unaffected.
CREATE INDEX vp_entry_by_explorer ON vp_entry (explorer_id, state);
CREATE INDEX vp_entry_by_player ON vp_entry (player_id, state);
CREATE INDEX donation_by_player ON donation (player_id, state);
