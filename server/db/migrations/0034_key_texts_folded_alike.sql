-- Unique key texts folded as keyText folds them now (src/shared/persian.ts), where 0032 did
-- less (probe: «د‐», «د−», «د–», «د -», «دـ-», «دً-», «د‍-» and «ە-» beside «د-» and «ه-»
-- were each a scheme of its own, issuing numbers that read «د-1»): every dash and minus as
-- «-» (the list is keyText's DASHES, after NFKC), no white space beside a «-», no tatweel or
-- diacritics (U+064B–U+065F, U+0670), no zero-width joiner, ة ۀ ە as ه and أ إ ٱ as ا;
-- what 0032 folded, folded again the same way; composed again (NFC) where a mark dropped
-- from between a letter and a combining one leaves them to. As 0022 and 0032: a key that
-- would be left empty keeps its text, and where that makes no two keys one — of rows that
-- would fold to a key another row holds (or to the same key), the others keep their text.
-- A key's search text is then made to hold the key as a phrase reads it, as 0032 did.
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
               normalize(
                 regexp_replace(
                   regexp_replace(
                     regexp_replace(
                       regexp_replace(
                         regexp_replace(
                           regexp_replace(
                             translate(normalize(%2$I, NFKC),
                                       '۰۱۲۳۴۵۶۷۸۹٠١٢٣٤٥٦٧٨٩يىكةۀەأإٱ', '01234567890123456789ییکهههااا'),
                             '[\u064b-\u065f\u0670\u0640]', '', 'g'),
                           '[\u00ad\u034f\u180e\u200b\u200d-\u200f\u061c\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]', '', 'g'),
                         '[\u02d7\u058a\u05be\u1806\u2010-\u2015\u2043\u2212\u2796\u23af\u2500\u2501\u2e3a\u2e3b\ufe58\ufe63\uff0d]', '-', 'g'),
                       '\u200c+(?![A-Za-z\u00c0-\u024f\u0621-\u064a\u066e-\u06d3\u06d5\u06fa-\u06fc\u06ff])|(?<![A-Za-z\u00c0-\u024f\u0621-\u064a\u066e-\u06d3\u06d5\u06fa-\u06fc\u06ff])\u200c+',
                       '', 'g'),
                     '[[:space:]\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]*-[[:space:]\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]*',
                     '-', 'g'),
                   '^[[:space:]\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+|[[:space:]\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+$',
                   '', 'g'),
                 NFC) AS folded_key
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
