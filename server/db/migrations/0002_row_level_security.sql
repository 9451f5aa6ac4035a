-- Row-level security: the second fence behind the application's own tenant filter.
-- A connection whose app.tenant_id is set (the server sets it for each signed-in request,
-- server/db/tenant-fence.ts) sees only that
-- tenant's rows. Connections that set nothing (migrations, seeding, the platform
-- operator's cross-tenant views) are not narrowed. Superusers bypass RLS in
-- PostgreSQL; run the server as an ordinary role for the fence to hold.
CREATE FUNCTION dabir_tenant_visible(row_tenant integer) RETURNS boolean
LANGUAGE sql STABLE AS $$
  -- CASE, not OR: SQL may evaluate both sides of an OR, and '' is not an integer.
  SELECT CASE WHEN coalesce(current_setting('app.tenant_id', true), '') = '' THEN true
              ELSE row_tenant = current_setting('app.tenant_id', true)::integer END
$$;

-- Every migration that adds a tenant-owned table fences it with one call:
--   SELECT dabir_fence('table_name');
CREATE FUNCTION dabir_fence(table_name text) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', table_name);
  EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', table_name);
  EXECUTE format('CREATE POLICY tenant_fence ON %I USING (dabir_tenant_visible(tenant_id)) WITH CHECK (dabir_tenant_visible(tenant_id))', table_name);
END $$;

SELECT dabir_fence(t) FROM unnest(ARRAY['users','sessions','user_groups','user_group_permissions',
  'user_group_members','links','user_settings','notifications','mobile_approval_codes']) AS t;
