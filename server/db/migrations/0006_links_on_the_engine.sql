-- Quick links move onto the master-data engine: they get the search column every
-- resource has. Existing rows get a plain search key; the engine writes the
-- Persian-normalised one from the next save on.
ALTER TABLE links ADD COLUMN search_text text NOT NULL DEFAULT '';
UPDATE links SET search_text = caption || ' ' || url;
CREATE INDEX links_search_idx ON links USING gin (search_text gin_trgm_ops);
