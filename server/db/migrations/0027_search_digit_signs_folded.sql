-- The percent sign, decimal and thousands separators of a Persian keyboard (٪ ٫ ٬) are
-- written beside Persian digits, which search keys already read as ASCII: «تخفیف ۵۰٪» was
-- stored as «تخفیف 50٪» and not found by «50%», nor «50%» by «۵۰٪». Search keys now read
-- them as % . , (src/shared/persian.ts normalizePersian); this folds the texts stored
-- before. The LIKEs pass over the texts that hold none of them.
SELECT set_config('app.all_tenants', 'on', true);

DO $$
DECLARE
  name text;
BEGIN
  FOR name IN
    SELECT table_name FROM information_schema.columns
     WHERE table_schema = current_schema() AND column_name = 'search_text'
  LOOP
    EXECUTE format($update$
      UPDATE %I SET search_text = translate(search_text, '٪٫٬', '%%.,')
       WHERE search_text LIKE '%%٪%%' OR search_text LIKE '%%٫%%' OR search_text LIKE '%%٬%%'$update$, name);
  END LOOP;
END $$;
