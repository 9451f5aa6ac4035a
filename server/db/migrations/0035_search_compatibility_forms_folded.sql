-- Search keys now read a text's compatibility forms as their plain letters (NFKC: the
-- presentation forms «ﻫﺎ» are «ها», «ﭘﺴﺖ» is «پست», a full-width or mathematical letter is
-- its letter, «…» is «...»), drop the marks that show nothing and part no word (the soft
-- hyphen, the combining grapheme joiner, the Mongolian vowel separator, the word joiner and
-- the invisible operators), read the Arabic letter mark as the other direction marks (a
-- space) and ە as ه (src/shared/persian.ts normalizePersian). A folder stored as
-- «قراردادﻫﺎ» was not found by «قراردادها» (probe). This folds the texts stored before, in
-- every table with a search text, as normalizePersian and then searchKey's lower case and
-- search_fold (migration 0025) fold them; an API test holds the two to the same answers.
--
-- The pattern passes over the texts that hold none of these characters without folding
-- them: the characters NFKC changes in the blocks a text typed in Dabir draws on (Latin-1's
-- ª ² ³ µ ¹ º ¼ ½ ¾ ¨ ¯ ´ ¸, the Arabic high hamzas, the combining marks a letter composes
-- with, the general punctuation's … ‼ ″ and kin, super- and subscripts, letterlike
-- symbols, Roman numerals, enclosed digits, the CJK compatibility blocks, the Latin,
-- Hebrew and Arabic presentation forms, the small, vertical and full-width forms, the
-- mathematical letters and digits, the Arabic mathematical letters, the enclosed
-- alphanumeric supplement) and the marks above. «», “”, – and — are not among them, so a
-- letter's text that holds only those is not read twice. One pass over each search text
-- (a pattern, as 0025's LIKEs): 3.2 s for 300,000 texts of 1,300 characters on a two-core
-- machine (PostgreSQL 15), so some ten seconds for a million letters' texts; only the texts
-- that change are written.
SELECT set_config('app.all_tenants', 'on', true);

DO $$
DECLARE
  name text;
  folded constant text := $fold$
    search_fold(btrim(
      regexp_replace(
        regexp_replace(
          regexp_replace(
            regexp_replace(
              lower(translate(normalize(search_text, NFKC),
                              '۰۱۲۳۴۵۶۷۸۹٠١٢٣٤٥٦٧٨٩يىكةۀەأإٱ٪٫٬', '01234567890123456789ییکهههااا%.,')),
              '[\u064b-\u065f\u0670\u0640]', '', 'g'),
            '[\u00ad\u180e\u2060-\u2064\u034f]', '', 'g'),
          '[\u061c\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]', ' ', 'g'),
        '[[:space:]\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+', ' ', 'g'),
      ' '))$fold$;
BEGIN
  FOR name IN
    SELECT table_name FROM information_schema.columns
     WHERE table_schema = current_schema() AND column_name = 'search_text'
  LOOP
    EXECUTE format($update$
      UPDATE %1$I SET search_text = %2$s
       WHERE search_text ~ '[\u00a8\u00aa\u00ad\u00af\u00b2-\u00b5\u00b8-\u00ba\u00bc-\u00be\u0300-\u036f\u061c\u0675-\u0678\u06d5\u180e\u2024-\u2026\u2033\u2034\u2036\u2037\u203c\u203e\u2047-\u2049\u2057\u2060-\u2064\u2070-\u209c\u20a8\u2100-\u2189\u222c-\u2230\u2460-\u24ea\u2f00-\u2fd5\u3131-\u33ff\uf900-\ufad9\ufb00-\ufdfc\ufe10-\ufe19\ufe30-\ufe6b\ufe70-\ufefc\uff01-\uffee\U0001d400-\U0001d7ff\U0001ee00-\U0001eebb\U0001f100-\U0001f251]'
         AND search_text <> %2$s$update$, name, folded);
  END LOOP;
END $$;
