-- Unique key texts folded as keyText folds them now (src/shared/persian.ts): every character
-- drawn as a slash read as «/» (SLASH: the fraction and division slashes, the big solidus, the
-- box-drawing diagonal, the full-width one, the combining overlays…; the double and triple
-- solidus ⫽ ⫻ as «//» and «///»). Probe: the prefixes «صق/», «صق∕», «صق⁄», «صق⧸» and «صق╱»
-- were five numbering schemes issuing numbers that read «صق/1», the codes «SL/1», «SL∕1»,
-- «SL⁄1» three customers. The whole fold of 0034, with the slashes added after NFKC as
-- keyText adds them (NFKC makes «½» «1⁄2», then «1/2»), and 0034's rule: a key that would be
-- left empty keeps its text, and of rows that would fold to a key another row holds (or to
-- the same key), the others keep their text; an edit that leaves a key as it reads keeps it.
-- A key's search text is not touched here: a search reads a slash as «/» too, and 0038
-- folds the search texts stored before.
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
                             regexp_replace(regexp_replace(regexp_replace(
                               translate(normalize(%2$I, NFKC),
                                         '۰۱۲۳۴۵۶۷۸۹٠١٢٣٤٥٦٧٨٩يىكةۀەأإٱ', '01234567890123456789ییکهههااا'),
                               '\u2afb', '///', 'g'), '\u2afd', '//', 'g'),
                               '[\u2044\u2215\u2571\u27cb\u29f8\u3033\uff0f\U0001d23a\U0001f67c\u0337\u0338]', '/', 'g'),
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
  END LOOP;
END $$;
