-- A group's paxCount is the size the agency expects (spec part 2, /groups/group/write), written by the client; it was
-- the number of passengers entered, which stays in `pax_count` (kept by group_pax_count, 0033) and is answered as
-- paxRegistered. Existing groups never had an expected size written: null.
ALTER TABLE groups ADD COLUMN pax_expected integer CHECK (pax_expected >= 0);
