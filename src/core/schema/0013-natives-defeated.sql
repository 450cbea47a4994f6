-- Format 13: the hexes whose natives' defeat has earned its +1 VP (DG
-- publishing schedule, "Defeat the Natives"), so it is paid once, by a
-- victory there or by record-hex's defeated. The VP themselves are a
-- vp_entry on the hex; this row goes with the hex when it is deleted. A
-- table of its own: adding a column to hex_discovery would stop older
-- changes to it being undone.
CREATE TABLE natives_defeated (
  hex_id INTEGER PRIMARY KEY REFERENCES hex_discovery (id) ON DELETE CASCADE
);

-- A DG hex recorded with its natives defeated folded the +1 into its VP:
-- those are the whole hexes with natives worth one more than the
-- schedule gives without it.
INSERT INTO natives_defeated (hex_id)
  SELECT h.id FROM hex_discovery h
  WHERE (SELECT edition FROM game WHERE id = 1) = 'dg'
    AND h.partial = 0 AND h.natives = 1
    AND h.vp = (CASE WHEN h.terrain IN ('desert', 'veldt', 'lake') THEN 1 ELSE 2 END)
               + h.river + 2 * h.oasis + h.natives + 1;
