-- Until now each master-data table was written here by hand (0003–0006); they are now
-- generated from the resource schemas (server/masterdata/tables.ts), which ran just
-- before this file. A data directory made by those migrations keeps its tables; this
-- moves what the generated shape names differently: a person's posts move to the
-- generic join table, and the indexes the generated ones replace are dropped.
-- On a new database there is nothing to move and every line below does nothing.
DO $$
BEGIN
  IF to_regclass('person_org_posts') IS NOT NULL THEN
    INSERT INTO persons_organ_posts (tenant_id, record_id, ref_id)
      SELECT tenant_id, person_fk, org_post_fk FROM person_org_posts
      ON CONFLICT DO NOTHING;
    DROP TABLE person_org_posts;
  END IF;
END $$;

DROP INDEX IF EXISTS bank_accounts_bank_idx, accounts_parent_idx, org_units_parent_idx, org_posts_unit_idx,
  companies_parent_idx, andikators_type_idx, archives_parent_idx, favorites_parent_idx,
  ece_definitions_email_idx, ece_definitions_andikator_idx, ece_definitions_post_idx,
  cities_province_idx, persons_province_idx, persons_city_idx, persons_company_idx;
