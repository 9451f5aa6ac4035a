-- A phrase search through a search table's trigram index in one statement. The index is
-- reachable under row-level security only through the search tables' policy, which
-- carries the pattern from the transaction-local setting app.search_pattern
-- (masterdata/tables.ts). Setting it took a transaction of four round trips (BEGIN,
-- set_config, the search, COMMIT) around every search the index answers; this function
-- sets it, runs the search as its caller (row-level security binds as ever: the fence and
-- the pattern) and puts the setting back as it was, all inside the one statement that
-- calls it. The search is planned on each call with the pattern in force, as before, so
-- a rare pattern takes its trigram index; the statement around it sees a function of a
-- few rows (ROWS 10), whatever the pattern. The index is asked for index_pattern, which the
-- caller makes of the phrase so that every text the pattern matches matches it too (a
-- word's inner trigrams only: masterdata/repository.ts trigramPattern); the rows' own
-- pattern decides.
CREATE OR REPLACE FUNCTION search_matches(search_table regclass, tenant integer, pattern text,
                                          index_pattern text)
RETURNS TABLE (id integer)
LANGUAGE plpgsql VOLATILE ROWS 10 AS $$
DECLARE
  previous text := current_setting('app.search_pattern', true);
BEGIN
  PERFORM set_config('app.search_pattern', index_pattern, true);
  RETURN QUERY EXECUTE format(
    'SELECT s.id FROM %s s WHERE s.tenant_id = $1 AND s.search_text LIKE $2', search_table)
    USING tenant, pattern;
  PERFORM set_config('app.search_pattern', coalesce(previous, ''), true);
END $$;
