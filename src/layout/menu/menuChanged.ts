// A window event: records the side menu lists (letter folders) were created, changed or
// deleted; the menu reloads (useMenuItems). Sent by the dataProvider.
export const MENU_CHANGED = 'dabir:menu-changed';
