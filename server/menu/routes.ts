import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { EncodedAnswer, ok } from '../http/answers';
import { userRoute } from '../http/api-route';
import type { Services } from '../services';
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

/** The tenant's archive and favourite folders by full path (two ranges of their tenant index). */
async function letterFolders(services: Services, tenantId: number) {
  const db = services.db as unknown as Kysely<Record<'archives' | 'favorites', FolderRow>>;
  const of = (table: 'archives' | 'favorites') =>
    db
      .selectFrom(table)
      .select(['id', 'full_name'])
      .where('tenant_id', '=', tenantId)
      .orderBy('full_name')
      .orderBy('id')
      .limit(MENU_FOLDERS)
      .execute();
  const [archive, favorite] = await Promise.all([of('archives'), of('favorites')]);
  const entries = (rows: Array<Pick<FolderRow, 'id' | 'full_name'>>): MenuFolder[] =>
    rows.map((row) => ({ id: row.id, title: row.full_name }));
  return { archive: entries(archive), favorite: entries(favorite) };
}

interface FolderRow {
  tenant_id: number;
  id: number;
  full_name: string;
}
