// The collapsible side menu: the user at the top, then the server's entries (GET menu/list/)
// up to three levels. Groups leading to the current page start open.
import { useState } from 'react';
import { Divider } from '@mui/material';
import { Menu, useLocation, useSidebarState } from 'react-admin';
import { MenuRowItem } from './MenuRows';
import { SideMenuHeader } from './SideMenuHeader';
import { MenuItemsProvider, useProvidedMenuItems } from './MenuItemsProvider';
import { groupsLeadingTo, visibleRows } from './visibleRows';
import type { MenuRecord } from './menuTree';

/** The menu, with the entries the shell loaded (MenuItemsProvider), or loading its own. */
export function SideMenu() {
  return useProvidedMenuItems() ? (
    <SideMenuOf />
  ) : (
    <MenuItemsProvider>
      <SideMenuOf />
    </MenuItemsProvider>
  );
}

function SideMenuOf() {
  const items = useProvidedMenuItems() ?? [];
  const [sidebarOpen] = useSidebarState();
  const [expanded, toggle] = useExpandedGroups(items);
  // A closed sidebar is a column of first-level icons.
  const rows = visibleRows(items, sidebarOpen ? expanded : new Set());
  return (
    <nav aria-label="منوی اصلی">
      <SideMenuHeader />
      <Divider />
      <Menu sx={{ pb: 2, mt: 0.5 }}>
        {rows.map((row) => (
          <MenuRowItem key={`${row.item.type}:${row.item.id}`} row={row} onToggle={toggle} />
        ))}
      </Menu>
    </nav>
  );
}

function useExpandedGroups(items: MenuRecord[]): [ReadonlySet<number>, (id: number) => void] {
  const { pathname } = useLocation();
  const [expanded, setExpanded] = useState<Set<number>>(new Set());
  // When the menu arrives or the page changes, open the groups leading to the page
  // (a render-time update, not an effect: no flash of closed groups). Others stay as they are.
  const [seen, setSeen] = useState({ items, pathname });
  if (items !== seen.items || pathname !== seen.pathname) {
    setSeen({ items, pathname });
    const toOpen = groupsLeadingTo(items, pathname);
    if (toOpen.some((id) => !expanded.has(id))) setExpanded(new Set([...expanded, ...toOpen]));
  }
  const toggle = (id: number) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  return [expanded, toggle];
}
