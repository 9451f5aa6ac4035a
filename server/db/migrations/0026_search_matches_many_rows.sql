-- search_matches (0016, 0018) parsed and planned its search on every call: a tenth of the
-- database's time in a rare phrase's list at a million letters. For a tenant with many rows
-- in the search table (masterdata/tenant-rows.ts: more than 100,000) the plan is the same
-- on every call — the trigram index's bitmap, never the tenant's key (a bitmap of its
-- whole range: 32 ms for a million) — so it is written out for the big search tables and
-- PL/pgSQL plans it once per connection. `tenant_id + 0` keeps the key's index out of that
-- one plan; a tenant of fewer rows is still planned per call, where ANDing its key's few
-- entries is what keeps other tenants' matches from being read one by one.
DROP FUNCTION IF EXISTS search_matches(regclass, integer, text, text, boolean);

CREATE OR REPLACE FUNCTION search_matches(search_table regclass, tenant integer, pattern text,
                                          index_pattern text, few_rows boolean, many_rows boolean)
RETURNS TABLE (id integer)
LANGUAGE plpgsql VOLATILE ROWS 10 AS $$
DECLARE
  previous text := current_setting('app.search_pattern', true);
  bitmaps text := current_setting('enable_bitmapscan');
BEGIN
  PERFORM set_config('app.search_pattern', index_pattern, true);
  IF many_rows AND search_table = 'messages_search'::regclass THEN
    RETURN QUERY SELECT s.id FROM messages_search s WHERE s.tenant_id + 0 = tenant AND s.search_text LIKE pattern;
  ELSIF many_rows AND search_table = 'customers_search'::regclass THEN
    RETURN QUERY SELECT s.id FROM customers_search s WHERE s.tenant_id + 0 = tenant AND s.search_text LIKE pattern;
  ELSE
    IF few_rows THEN
      PERFORM set_config('enable_bitmapscan', 'off', true);
    END IF;
    RETURN QUERY EXECUTE format(
      'SELECT s.id FROM %s s WHERE s.tenant_id = $1 AND s.search_text LIKE $2', search_table)
      USING tenant, pattern;
    PERFORM set_config('enable_bitmapscan', bitmaps, true);
  END IF;
  PERFORM set_config('app.search_pattern', coalesce(previous, ''), true);
END $$;
