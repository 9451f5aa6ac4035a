// The shell around every signed-in screen: top bar, side menu (its entries loaded here,
// drawn or not: MenuItemsProvider), and the page-wide watchers
// (session end → sign-in page; pushed notifications → toasts). The watchers sit beside the
// Layout, not inside it, so a screen that is still loading (Suspense) never unmounts them.
// Loaded lazily by AppLayout, the route guard, once there is a session.
import type { ReactNode } from 'react';
import { Layout } from 'react-admin';
import { SessionWatcher } from '../auth';
import { RealtimeToasts } from '../realtime';
import { AppTopBar } from './AppTopBar';
import { MenuItemsProvider } from './menu/MenuItemsProvider';
import { SideMenu } from './menu/SideMenu';
import { PhoneSafeSidebar, SidebarOnPhone } from './SidebarOnPhone';

export default function AppShell({ children }: { children: ReactNode }) {
  return (
    <MenuItemsProvider>
      <Layout appBar={AppTopBar} menu={SideMenu} sidebar={PhoneSafeSidebar} appBarAlwaysOn>
        {children}
      </Layout>
      <SidebarOnPhone />
      <SessionWatcher />
      <RealtimeToasts />
    </MenuItemsProvider>
  );
}
