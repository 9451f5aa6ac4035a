-- Unique key texts folded as keyText folds them now (src/shared/persian.ts), where 0022 did
-- less (probe helper-64): Persian letters for Arabic ones (NFKC makes «ﻙ» the Arabic «ك»), no
-- marks that show nothing (zero-width space, word joiner, soft hyphen), no zero-width
-- non-joiner that joins nothing (at the ends, beside a digit or a sign; «a letter» spelt out
-- for the Latin, Arabic and Persian letters — the database's classes follow its locale),
-- no spaces at the ends. A key that would be left empty keeps its text. As 0022: where
-- that makes no two keys one — of rows that would fold to a key another row holds (or to
-- the same key), the others keep their text.
-- A key's search text is then made to hold the key as it reads: a row whose key was folded
-- here or by 0022 kept the search text of its old spelling, and a search for the key as
-- the list shows it («C-300» for «C-\u200e300») found nothing until the record was edited.
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
               regexp_replace(
                 regexp_replace(
                   regexp_replace(
                     translate(normalize(%2$I, NFKC), '۰۱۲۳۴۵۶۷۸۹٠١٢٣٤٥٦٧٨٩يىك', '01234567890123456789ییک'),
                     '[\u00ad\u034f\u180e\u200b\u200e\u200f\u061c\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]', '', 'g'),
                   '\u200c+(?![A-Za-z\u00c0-\u024f\u0621-\u064a\u066e-\u06d3\u06d5\u06fa-\u06fc\u06ff])|(?<![A-Za-z\u00c0-\u024f\u0621-\u064a\u066e-\u06d3\u06d5\u06fa-\u06fc\u06ff])\u200c+',
                   '', 'g'),
                 '^[[:space:]\u00a0]+|[[:space:]\u00a0]+$', '', 'g') AS folded_key
          FROM %1$I
      ), chosen AS (
        SELECT DISTINCT ON (tenant_id, folded_key) id, folded_key FROM folded f
         WHERE folded_key <> stored AND folded_key <> ''
           AND NOT EXISTS (SELECT 1 FROM %1$I o WHERE o.tenant_id = f.tenant_id AND o.%2$I = f.folded_key)
         ORDER BY tenant_id, folded_key, id
      )
      UPDATE %1$I t SET %2$I = chosen.folded_key FROM chosen WHERE t.id = chosen.id$sql$, key.tbl, key.col);
    -- The key as a phrase reads it (lower case, a non-joiner as a space), added to a search
    -- text that does not hold it; the search table follows by its trigger.
    EXECUTE format($sql$
      UPDATE %1$I SET search_text = search_text || ' ' || lower(replace(%2$I, E'\u200c', ' '))
       WHERE %2$I <> '' AND strpos(search_text, lower(replace(%2$I, E'\u200c', ' '))) = 0$sql$,
      key.tbl, key.col);
  END LOOP;
END $$;
