-- The letters' trigram index written straight into the index, as every resource's search
-- table's is (masterdata/tables.ts), not into GIN's pending list: every search the index
-- answers reads that list whole, for every tenant (it holds every tenant's new letters).
-- Measured at a million letters: 600 letters pending (204 pages) made a rare phrase's
-- index search 1.23 ms instead of 0.76; the list fills at about 1,200 letters, and the
-- letter that fills it pays for emptying it (34 ms for 204 pages). Written straight in, a
-- letter's search text costs about 0.45 ms to index instead of 0.1. The list it holds now
-- is emptied once.
ALTER INDEX messages_search_text_idx SET (fastupdate = off);
SELECT gin_clean_pending_list('messages_search_text_idx'::regclass);
