-- Search keys are now stored in lower case and matched with LIKE, which costs a third of
-- ILIKE on Persian text. Rows written before keep their case until lowered here; every
-- table with a search_text column, whichever resource it belongs to.
DO $$
DECLARE
  name text;
BEGIN
  FOR name IN
    SELECT table_name FROM information_schema.columns
     WHERE table_schema = current_schema() AND column_name = 'search_text'
  LOOP
    EXECUTE format('UPDATE %I SET search_text = lower(search_text) WHERE search_text <> lower(search_text)', name);
  END LOOP;
END $$;
