-- Search keys now read every dash and minus as «-» (src/shared/persian.ts normalizePersian,
-- the DASHES a key already folds, migration 0034): a phrase typed with an en dash, «CX–300»,
-- did not find the customer code stored as «CX-300», nor «۱۴۰۰-۱۴۰۵» a body's «۱۴۰۰–۱۴۰۵».
-- This folds the texts stored before, in every table with a search text. A search text is
-- already folded otherwise, and a dash is no letter to the affix fold (search_fold, 0025)
-- before or after, so swapping one for «-» is the whole change. One pattern pass over each
-- search text; only those holding a dash are written.
SELECT set_config('app.all_tenants', 'on', true);

DO $$
DECLARE
  name text;
  dashes constant text :=
    '[\u02d7\u058a\u05be\u1806\u2010-\u2015\u2043\u2212\u2796\u23af\u2500\u2501\u2e3a\u2e3b\ufe58\ufe63\uff0d]';
BEGIN
  FOR name IN
    SELECT table_name FROM information_schema.columns
     WHERE table_schema = current_schema() AND column_name = 'search_text'
  LOOP
    EXECUTE format($update$
      UPDATE %1$I SET search_text = regexp_replace(search_text, %2$L, '-', 'g')
       WHERE search_text ~ %2$L$update$, name, dashes);
  END LOOP;
END $$;
