// The side menu's entries, loaded by the shell whether the menu is drawn or not: on a phone
// the menu is a drawer that is not in the page while closed, and its answer also carries
// the user's permissions that the screens follow (menuTree.ts) — a role changed since
// sign-in must show on the new-letter menu and the dashboard with the drawer shut too.
import { createContext, useContext, type ReactNode } from 'react';
import type { MenuRecord } from './menuTree';
import { useMenuItems } from './useMenuItems';

const MenuItems = createContext<MenuRecord[] | null>(null);

export function MenuItemsProvider({ children }: { children: ReactNode }) {
  return <MenuItems.Provider value={useMenuItems()}>{children}</MenuItems.Provider>;
}

/** The entries the shell loaded, or null outside a MenuItemsProvider. */
export const useProvidedMenuItems = () => useContext(MenuItems);
