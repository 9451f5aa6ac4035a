-- A tenant's menu epoch: raised in the same transaction as any change of its archive or
-- favourite folders, which the side menu lists (server/menu/routes.ts). A server process
-- keeps each tenant's menu encoded and compares this epoch, read with the sign-in epoch
-- in the one small read a signed-in call makes anyway (auth/epoch-reader.ts), so a folder
-- added, renamed or deleted through any process shows on the very next menu call, and an
-- unchanged menu costs no read of the folders. Reading them on every call took the menu
-- from 18,563 to 2,636 calls a second (docs/benchmarks.md).
-- A trigger rather than the engine's hooks: a parent's rename rewrites its children's
-- full paths, and the seed and the platform's new tenants write folders too.
ALTER TABLE tenants ADD COLUMN IF NOT EXISTS menu_epoch bigint NOT NULL DEFAULT 0;

CREATE OR REPLACE FUNCTION raise_menu_epoch() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE tenants SET menu_epoch = menu_epoch + 1
   WHERE id = CASE WHEN TG_OP = 'DELETE' THEN OLD.tenant_id ELSE NEW.tenant_id END;
  RETURN NULL;
END $$;

DROP TRIGGER IF EXISTS archives_menu_epoch ON archives;
CREATE TRIGGER archives_menu_epoch AFTER INSERT OR DELETE OR UPDATE OF full_name ON archives
  FOR EACH ROW EXECUTE FUNCTION raise_menu_epoch();

DROP TRIGGER IF EXISTS favorites_menu_epoch ON favorites;
CREATE TRIGGER favorites_menu_epoch AFTER INSERT OR DELETE OR UPDATE OF full_name ON favorites
  FOR EACH ROW EXECUTE FUNCTION raise_menu_epoch();
