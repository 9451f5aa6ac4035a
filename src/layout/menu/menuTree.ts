// The side menu as the server sends it (GET menu/list/) and where each entry leads.
// `type` is a route name of src/routes.ts; an entry with children is a collapsible group.
import { http, type ApiAnswer } from '../../api/http';
import { getSession, updateUser } from '../../api/session';
import { pathTo } from '../../routes';

export interface MenuRecord {
  id: number;
  title: string;
  /** A letter folder's own title; its `title` is its full path. */
  ownTitle?: string;
  type: string;
  children?: MenuRecord[];
}

export const HOME_ENTRY_ID = 0;

export const isGroup = (item: MenuRecord) => (item.children?.length ?? 0) > 0;

/** Folder entries open their folder's letters: the id is the folder (typeNumber). */
const FOLDER_ROUTES = new Set(['ArchiveMessage', 'FavoriteMessage']);

/** The URL an entry opens, or undefined for a group or a route this client does not know. */
export function menuTarget(item: MenuRecord): string | undefined {
  if (isGroup(item)) return undefined;
  if (FOLDER_ROUTES.has(item.type)) {
    const path = pathTo(item.type, { typeNumber: item.id });
    // Id 0, «پوشه‌های دیگر…» (more folders than the menu shows): the list and its picker.
    return path && (item.id ? `${path}?title=${encodeURIComponent(item.title)}` : path);
  }
  return pathTo(item.type);
}

/** The name of the folder entry of `route` with id `id` (its path in the menu), if any. */
export function folderTitle(items: MenuRecord[], route: string, id: number): string | undefined {
  for (const item of items) {
    if (item.type === route && item.id === id) return item.title;
    const below = folderTitle(item.children ?? [], route, id);
    if (below) return below;
  }
  return undefined;
}

/** True when the entry or one of its descendants opens this pathname. */
export function leadsTo(item: MenuRecord, pathname: string): boolean {
  const target = menuTarget(item)?.split('?')[0];
  return target === pathname || (item.children ?? []).some((child) => leadsTo(child, pathname));
}

/** The server's entries (GET menu/list/), or null when the answer's status is not 1. The
 *  answer's permissions replace the session's when they differ: the screens, buttons and
 *  shortcuts follow them as the menu does (a role changed since sign-in). */
export async function fetchMenu(): Promise<MenuRecord[] | null> {
  const answer = await http.get<ApiAnswer & { records?: MenuRecord[]; permissions?: string[] }>('menu/list/');
  if (answer.status !== 1) return null;
  if (Array.isArray(answer.permissions)) followPermissions(answer.permissions);
  return answer.records ?? [];
}

function followPermissions(permissions: string[]) {
  const held = getSession()?.user.permissions ?? [];
  const same = held.length === permissions.length && permissions.every((p) => held.includes(p));
  if (!same) updateUser({ permissions });
}

/**
 * The menu to draw (spec 1 §7): when the server answered, a first entry to Home titled
 * with the tenant's full name (or «داشبورد»), then the server's entries; else nothing.
 */
export function withHomeEntry(records: MenuRecord[] | null, tenantFullName: string): MenuRecord[] {
  if (!records) return [];
  return [{ id: HOME_ENTRY_ID, title: tenantFullName || 'داشبورد', type: 'Home', children: [] }, ...records];
}
