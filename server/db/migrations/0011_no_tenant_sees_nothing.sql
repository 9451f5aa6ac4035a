-- Row-level security closed: a connection with no tenant set sees no tenant's rows (it
-- saw all of them until now). Work that must see every tenant sets app.all_tenants = on
-- for itself (asSystem in db/tenant-fence.ts): migrations, the first-start seed and the
-- session look-up by token. A query that forgot both its tenant filter and its fence now
-- finds nothing instead of everything.
CREATE OR REPLACE FUNCTION dabir_tenant_visible(row_tenant integer) RETURNS boolean
LANGUAGE sql STABLE AS $$
  -- CASE, not OR: SQL may evaluate both sides of an OR, and '' is not an integer.
  SELECT CASE WHEN current_setting('app.all_tenants', true) = 'on' THEN true
              WHEN coalesce(current_setting('app.tenant_id', true), '') = '' THEN false
              ELSE row_tenant = current_setting('app.tenant_id', true)::integer END
$$;
