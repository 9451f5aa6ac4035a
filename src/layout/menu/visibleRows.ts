// The menu is drawn as one flat list of rows (a MUI MenuList wants its items as direct
// children, and arrow keys then walk every visible row): a group's children follow it,
// one level deeper, while the group is expanded.
import { isGroup, leadsTo, type MenuRecord } from './menuTree';

export interface MenuRow {
  item: MenuRecord;
  depth: number;
  expanded: boolean;
}

export function visibleRows(items: MenuRecord[], expanded: ReadonlySet<number>, depth = 0): MenuRow[] {
  return items.flatMap((item) => {
    const open = isGroup(item) && expanded.has(item.id);
    const row: MenuRow = { item, depth, expanded: open };
    return open ? [row, ...visibleRows(item.children!, expanded, depth + 1)] : [row];
  });
}

/** The groups to open at first: those leading to the current page. */
export function groupsLeadingTo(items: MenuRecord[], pathname: string): number[] {
  return items.flatMap((item) =>
    isGroup(item) && leadsTo(item, pathname) ? [item.id, ...groupsLeadingTo(item.children!, pathname)] : [],
  );
}
