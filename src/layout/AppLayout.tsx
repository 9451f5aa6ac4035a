// The shell around every signed-in screen. This part is only the route guard; the shell
// itself (top bar, side menu, the page-wide watchers: AppShell.tsx) loads once there is a
// session, so the sign-in page does not carry it.
import { lazy, Suspense, type ReactNode } from 'react';
import { LoadingPage } from 'react-admin';
import { Navigate, useLocation } from 'react-router-dom';
import { useSession } from '../auth';

const AppShell = lazy(() => import('./AppShell'));

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
    <Suspense fallback={<LoadingPage />}>
      <AppShell>{children}</AppShell>
    </Suspense>
  );
}
