-- Search keys now read every character drawn as a slash as «/» (SLASH in src/shared/persian.ts,
-- as keys read them: migration 0037), and a hamza's seat and the madda as the plain letter
-- (ؤ as و, ئ as ی, آ as ا; a search only, keys keep them): a phrase «SL/1» did not find a code
-- stored as «SL∕1», nor «موسسه» «مؤسسه», «پاییز» «پائیز» or «امل» «آمل». This folds the texts
-- stored before, in every table with a search text, as normalizePersian and search_fold
-- (migration 0025) fold them now. A slash is no letter to the affix fold before or after, but
-- a seat read as its letter can make an affix («هائی» is «هایی», «آی» is «ای»), so a changed
-- text is folded again (search_fold), as 0035 did; an API test holds the two to the same
-- answers. One pattern pass over each search text; only those holding such a character are
-- written.
SELECT set_config('app.all_tenants', 'on', true);

DO $$
DECLARE
  name text;
  folded constant text := $fold$
    search_fold(
      regexp_replace(
        regexp_replace(
          regexp_replace(translate(search_text, 'ؤئآ', 'ویا'), '\u2afb', '///', 'g'),
          '\u2afd', '//', 'g'),
        '[\u2044\u2215\u2571\u27cb\u29f8\u3033\uff0f\U0001d23a\U0001f67c\u0337\u0338]', '/', 'g'))$fold$;
BEGIN
  FOR name IN
    SELECT table_name FROM information_schema.columns
     WHERE table_schema = current_schema() AND column_name = 'search_text'
  LOOP
    EXECUTE format($update$
      UPDATE %1$I SET search_text = %2$s
       WHERE search_text ~ '[ؤئآ\u2044\u2215\u2571\u27cb\u29f8\u2afb\u2afd\u3033\uff0f\U0001d23a\U0001f67c\u0337\u0338]'
         AND search_text <> %2$s$update$, name, folded);
  END LOOP;
END $$;
