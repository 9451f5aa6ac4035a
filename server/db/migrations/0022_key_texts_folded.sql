-- Unique key texts (a numbering scheme's prefix, a customer's code) are now stored as keys
-- compare (src/shared/persian.ts keyText): Latin digits, compatibility forms folded (NFKC),
-- no direction marks. Those saved before are folded here — where that makes no two keys
-- one: of rows that would fold to a key another row holds (or to the same key), the others
-- keep their text, and an edit that leaves the key as it reads keeps it too
-- (server/masterdata/service.ts).
SELECT set_config('app.all_tenants', 'on', true);

WITH folded AS (
  SELECT id, tenant_id, andikator_pre_fix AS stored,
         translate(regexp_replace(normalize(andikator_pre_fix, NFKC), '[\u200e\u200f\u061c\u202a-\u202e\u2066-\u2069\ufeff]', '', 'g'),
                   '۰۱۲۳۴۵۶۷۸۹٠١٢٣٤٥٦٧٨٩', '01234567890123456789') AS key
    FROM andikators
), chosen AS (
  SELECT DISTINCT ON (tenant_id, key) id, key FROM folded f
   WHERE key <> stored
     AND NOT EXISTS (SELECT 1 FROM andikators o WHERE o.tenant_id = f.tenant_id AND o.andikator_pre_fix = f.key)
   ORDER BY tenant_id, key, id
)
UPDATE andikators a SET andikator_pre_fix = chosen.key FROM chosen WHERE a.id = chosen.id;

WITH folded AS (
  SELECT id, tenant_id, code AS stored,
         translate(regexp_replace(normalize(code, NFKC), '[\u200e\u200f\u061c\u202a-\u202e\u2066-\u2069\ufeff]', '', 'g'),
                   '۰۱۲۳۴۵۶۷۸۹٠١٢٣٤٥٦٧٨٩', '01234567890123456789') AS key
    FROM customers
), chosen AS (
  SELECT DISTINCT ON (tenant_id, key) id, key FROM folded f
   WHERE key <> stored
     AND NOT EXISTS (SELECT 1 FROM customers o WHERE o.tenant_id = f.tenant_id AND o.code = f.key)
   ORDER BY tenant_id, key, id
)
UPDATE customers c SET code = chosen.key FROM chosen WHERE c.id = chosen.id;
