// The shell around every signed-in screen: top bar, side menu, and the page-wide watchers
// (session end → sign-in page; pushed notifications → toasts). The watchers sit beside the
// Layout, not inside it, so a screen that is still loading (Suspense) never unmounts them.
import type { ReactNode } from 'react';
import { Layout } from 'react-admin';
import { Navigate, useLocation } from 'react-router-dom';
import { SessionWatcher, useSession } from '../auth';
import { RealtimeToasts } from '../realtime';
import { AppTopBar } from './AppTopBar';
import { SideMenu } from './menu/SideMenu';

// The route guard (spec: every route but Login and Register needs a stored token). It is
// a plain check of the stored token rather than <Admin requireAuth>: with requireAuth,
// react-admin 5.15 re-runs a rejecting checkAuth in a tight loop for ~20 s before the
// sign-in page shows (marmelab/react-admin#10764).
export function AppLayout({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (!session) {
    return (
      <Navigate
        to="/login"
        replace
        state={{ nextPathname: location.pathname, nextSearch: location.search }}
      />
    );
  }
  return (
    <>
      <Layout appBar={AppTopBar} menu={SideMenu}>
        {children}
      </Layout>
      <SessionWatcher />
      <RealtimeToasts />
    </>
  );
}
