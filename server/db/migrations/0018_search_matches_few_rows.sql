-- search_matches (0016) told whether the tenant has few rows in the search table. The
-- search is planned on each call, but the planner cannot see the pattern the trigram index
-- is asked for (it is the policy's, a setting read at run time), so it takes the index for
-- cheap whatever the pattern. For a small tenant it then ANDs the index's matches with
-- the tenant's keys, and a word that other tenants' rows hold costs its whole posting
-- list: «گزارش» for a tenant of 200 letters, beside a tenant of a million that holds it in
-- 425,000 of them, took 39–41 ms, and grows with every other tenant's rows. Given few_rows
-- (the caller knows: masterdata/tenant-rows.ts), the search reads the tenant's own rows by
-- the key and matches each (0.2 ms for those 200), and never the trigram index: GIN
-- answers only bitmap scans, which it turns off for its own search and puts back.
DROP FUNCTION IF EXISTS search_matches(regclass, integer, text, text);

CREATE OR REPLACE FUNCTION search_matches(search_table regclass, tenant integer, pattern text,
                                          index_pattern text, few_rows boolean)
RETURNS TABLE (id integer)
LANGUAGE plpgsql VOLATILE ROWS 10 AS $$
DECLARE
  previous text := current_setting('app.search_pattern', true);
  bitmaps text := current_setting('enable_bitmapscan');
BEGIN
  PERFORM set_config('app.search_pattern', index_pattern, true);
  IF few_rows THEN
    PERFORM set_config('enable_bitmapscan', 'off', true);
  END IF;
  RETURN QUERY EXECUTE format(
    'SELECT s.id FROM %s s WHERE s.tenant_id = $1 AND s.search_text LIKE $2', search_table)
    USING tenant, pattern;
  PERFORM set_config('enable_bitmapscan', bitmaps, true);
  PERFORM set_config('app.search_pattern', coalesce(previous, ''), true);
END $$;
