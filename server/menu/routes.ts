import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { EncodedAnswer, ok } from '../http/answers';
import { userRoute } from '../http/api-route';
import type { Services } from '../services';
import { PERSIAN_ORDER } from '../../src/shared/persian';
import { menuFor, withFolders, type MenuFolder } from './menu-tree';

/** Folders a menu shows at most of each kind (a tenant's whole filing plan could be
 *  thousands; the folder lists stay reachable from their screens). */
export const MENU_FOLDERS = 200;

/** The answer for a set of permissions, built and encoded once: most users share a handful of sets. */
const answers = new Map<string, EncodedAnswer>();
function menuAnswer(permissions: Set<string>) {
  const key = [...permissions].sort().join(',');
  let answer = answers.get(key);
  if (!answer) {
    answer = new EncodedAnswer(ok({ records: menuFor(permissions) }));
    if (answers.size < 1000) answers.set(key, answer);
  }
  return answer;
}

export function registerMenuRoutes(app: FastifyInstance, services: Services) {
  userRoute(app, services, {
    method: 'GET',
    path: 'menu/list',
    params: z.object({}),
    handler: async ({ principal }) => {
      const folders = principal.permissions.has('Messages')
        ? await letterFolders(services, principal.tenantId)
        : { archive: [], favorite: [] };
      if (!folders.archive.length && !folders.favorite.length) return menuAnswer(principal.permissions);
      return ok({ records: withFolders(menuFor(principal.permissions), folders) });
    },
  });
}

/** The tenant's archive and favourite folders (the first MENU_FOLDERS of each: a range of
 *  its primary key, not a sort of all its folders) by full path, in the Persian alphabet's
 *  order (the database's is by code point). */
async function letterFolders(services: Services, tenantId: number) {
  const db = services.db as unknown as Kysely<Record<'archives' | 'favorites', FolderRow>>;
  const of = async (table: 'archives' | 'favorites'): Promise<MenuFolder[]> =>
    (
      await db
        .selectFrom(table)
        .select(['id', 'full_name'])
        .where('tenant_id', '=', tenantId)
        .orderBy('id')
        .limit(MENU_FOLDERS)
        .execute()
    )
      .map((row) => ({ id: row.id, title: row.full_name }))
      .sort((a, b) => PERSIAN_ORDER.compare(a.title, b.title) || a.id - b.id);
  const [archive, favorite] = await Promise.all([of('archives'), of('favorites')]);
  return { archive, favorite };
}

interface FolderRow {
  tenant_id: number;
  id: number;
  full_name: string;
}
