-- A word's prefix «می», «نمی», «بی» and its endings «ها», «های»…, «تر», «ترین», «ای», «اند»
-- are written with a ZWNJ, or a space, or nothing, and a search key turned the ZWNJ into a
-- space: «بررسی می‌شود» stored as «بررسی می شود» was not found by «بررسی میشود», nor the
-- other way round. Search keys now join them to their word, in stored texts and phrases
-- alike (src/shared/persian.ts foldAffixes). search_fold is the same two replacements in
-- SQL, for the texts stored before (and for the bench's seed, which writes texts in SQL);
-- an API test holds the two to the same answers. A word's letters are spelt out (Latin
-- letters and digits, Arabic and Persian letters), not a class, which follows the locale.
CREATE OR REPLACE FUNCTION search_fold(key text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT regexp_replace(
           regexp_replace(key,
             '(?<![a-z0-9\u0621-\u064a\u067e\u0686\u0698\u06a9\u06af\u06cc])(ن?می|بی) (?=[a-z0-9\u0621-\u064a\u067e\u0686\u0698\u06a9\u06af\u06cc])',
             '\1', 'g'),
           '(?<=[a-z0-9\u0621-\u064a\u067e\u0686\u0698\u06a9\u06af\u06cc]) (ها|های|هایی|هایم|هایت|هایش|هایمان|هایتان|هایشان|تر|ترین|ای|اند)(?![a-z0-9\u0621-\u064a\u067e\u0686\u0698\u06a9\u06af\u06cc])',
           '\1', 'g')
$$;

SELECT set_config('app.all_tenants', 'on', true);

-- Every table with a search text, whichever resource it belongs to. The LIKEs pass over the
-- texts that hold no such word without running the patterns.
DO $$
DECLARE
  name text;
BEGIN
  FOR name IN
    SELECT table_name FROM information_schema.columns
     WHERE table_schema = current_schema() AND column_name = 'search_text'
  LOOP
    EXECUTE format($update$
      UPDATE %I SET search_text = search_fold(search_text)
       WHERE (search_text LIKE '%%می %%' OR search_text LIKE '%%بی %%' OR search_text LIKE '%% ها%%'
              OR search_text LIKE '%% تر%%' OR search_text LIKE '%% ای%%' OR search_text LIKE '%% اند%%')
         AND search_text <> search_fold(search_text)$update$, name);
  END LOOP;
END $$;
