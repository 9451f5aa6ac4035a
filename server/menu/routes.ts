import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { EncodedAnswer, ok } from '../http/answers';
import { userRoute } from '../http/api-route';
import { requestEpochs } from '../auth/request-auth';
import type { Services } from '../services';
import { PERSIAN_ORDER } from '../../src/shared/persian';
import { menuFor, withFolders, type MenuFolder } from './menu-tree';

/** Folders a menu shows at most of each kind (a tenant's whole filing plan could be
 *  thousands; the folder lists stay reachable from their screens). */
export const MENU_FOLDERS = 200;

type Folders = { archive: MenuFolder[]; favorite: MenuFolder[] };
const NO_FOLDERS: Folders = { archive: [], favorite: [] };

/**
 * Menus built and encoded once: most users share a handful of permission sets, and a
 * tenant's folders change seldom. Each tenant's folders are kept with the menu epoch they
 * were read at (migration 0019: raised in the transaction of any folder change), which a
 * signed-in call has read already, so an unchanged menu costs no statement of its own and
 * a changed one is read again on the very next call, whichever process made the change.
 */
interface TenantMenus {
  epoch: string;
  folders: Folders;
  /** The menu of each permission set, encoded. */
  answers: Map<string, EncodedAnswer>;
}
// Bounds on what is kept: a menu with 400 folders is about 30 KB encoded.
const MOST_TENANTS = 200;
const MOST_PERMISSION_SETS = 16;
const tenantMenus = new Map<number, TenantMenus>();
/** Menus without folders (a user who does not file letters), per permission set. */
const folderless: TenantMenus = { epoch: '', folders: NO_FOLDERS, answers: new Map() };

const permissionKey = (permissions: Set<string>) => [...permissions].sort().join(',');

function encodedMenu(menus: TenantMenus, permissions: Set<string>): EncodedAnswer {
  const key = permissionKey(permissions);
  let answer = menus.answers.get(key);
  if (!answer) {
    // The permissions beside the menu: the client's screens follow them (a role changed
    // since sign-in), as the menu does.
    answer = new EncodedAnswer(
      ok({
        records: withFolders(menuFor(permissions), menus.folders),
        permissions: key ? key.split(',') : [],
      }),
    );
    if (menus.answers.size < MOST_PERMISSION_SETS) menus.answers.set(key, answer);
  }
  return answer;
}

/** The tenant's menus at `epoch`: kept, or its folders read again (after the epoch was
 *  read, so what is kept is never older than the epoch it is kept under). */
async function menusAt(services: Services, tenantId: number, epoch: string): Promise<TenantMenus> {
  const kept = tenantMenus.get(tenantId);
  if (kept && kept.epoch === epoch) return kept;
  const menus: TenantMenus = { epoch, folders: await letterFolders(services, tenantId), answers: new Map() };
  tenantMenus.delete(tenantId); // re-inserted last: the oldest tenants go first
  if (tenantMenus.size >= MOST_TENANTS) tenantMenus.delete(tenantMenus.keys().next().value!);
  tenantMenus.set(tenantId, menus);
  return menus;
}

export function registerMenuRoutes(app: FastifyInstance, services: Services) {
  userRoute(app, services, {
    method: 'GET',
    path: 'menu/list',
    params: z.object({}),
    handler: async ({ principal, request }) => {
      if (!principal.permissions.has('Messages')) return encodedMenu(folderless, principal.permissions);
      const epochs = await requestEpochs(services, request, principal.tenantId);
      const menus = epochs
        ? await menusAt(services, principal.tenantId, epochs.menu)
        : { epoch: '', folders: await letterFolders(services, principal.tenantId), answers: new Map() };
      return encodedMenu(menus, principal.permissions);
    },
  });
}

/** The tenant's archive and favourite folders (the first MENU_FOLDERS of each: a range of
 *  its primary key, not a sort of all its folders) by full path, in the Persian alphabet's
 *  order (the database's is by code point). More than that: a last entry, «پوشه‌های
 *  دیگر…» (id 0), opens the folders' list screen with its folder picker. */
async function letterFolders(services: Services, tenantId: number): Promise<Folders> {
  const db = services.db as unknown as Kysely<Record<'archives' | 'favorites', FolderRow>>;
  const of = async (table: 'archives' | 'favorites'): Promise<MenuFolder[]> => {
    const rows = await db
      .selectFrom(table)
      .select(['id', 'full_name', table === 'archives' ? 'archive_title as own' : 'favorite_title as own'])
      .where('tenant_id', '=', tenantId)
      .orderBy('id')
      .limit(MENU_FOLDERS + 1)
      .execute();
    const shown = rows
      .slice(0, MENU_FOLDERS)
      .map((row) => ({ id: row.id, title: row.full_name, ownTitle: row.own }))
      .sort((a, b) => PERSIAN_ORDER.compare(a.title, b.title) || a.id - b.id);
    return rows.length > MENU_FOLDERS ? [...shown, OTHER_FOLDERS] : shown;
  };
  const [archive, favorite] = await Promise.all([of('archives'), of('favorites')]);
  return { archive, favorite };
}

/** The menu's last folder entry when not all fit: the list screen without a folder. */
export const OTHER_FOLDERS: MenuFolder = { id: 0, title: 'پوشه‌های دیگر…', ownTitle: 'پوشه‌های دیگر…' };

interface FolderRow {
  tenant_id: number;
  id: number;
  full_name: string;
  archive_title: string;
  favorite_title: string;
}
