-- Unique key texts (a numbering scheme's prefix, a customer's code) are now stored as keys
-- compare (src/shared/persian.ts keyText): Latin digits, compatibility forms folded (NFKC),
-- no direction marks. Those saved before are folded here — where that makes no two keys
-- one: of rows that would fold to a key another row holds (or to the same key), the others
-- keep their text, and an edit that leaves the key as it reads keeps it too
-- (server/masterdata/service.ts).
SELECT set_config('app.all_tenants', 'on', true);

DO $$
DECLARE
  key record;
BEGIN
  FOR key IN SELECT * FROM (VALUES ('andikators', 'andikator_pre_fix'), ('customers', 'code')) AS k (tbl, col)
  LOOP
    EXECUTE format($sql$
      WITH folded AS (
        SELECT id, tenant_id, %2$I AS stored,
               translate(regexp_replace(normalize(%2$I, NFKC),
                                        '[\u200e\u200f\u061c\u202a-\u202e\u2066-\u2069\ufeff]', '', 'g'),
                         '۰۱۲۳۴۵۶۷۸۹٠١٢٣٤٥٦٧٨٩', '01234567890123456789') AS folded_key
          FROM %1$I
      ), chosen AS (
        SELECT DISTINCT ON (tenant_id, folded_key) id, folded_key FROM folded f
         WHERE folded_key <> stored
           AND NOT EXISTS (SELECT 1 FROM %1$I o WHERE o.tenant_id = f.tenant_id AND o.%2$I = f.folded_key)
         ORDER BY tenant_id, folded_key, id
      )
      UPDATE %1$I t SET %2$I = chosen.folded_key FROM chosen WHERE t.id = chosen.id$sql$, key.tbl, key.col);
  END LOOP;
END $$;
