// The portal: react-admin with our providers, the shell, and every route of src/routes.ts.
// Screens are lazy-loaded so the first page stays light; a route whose screen has not
// landed yet shows the shared placeholder page.
import { lazy, Suspense } from 'react';
import { CssBaseline } from '@mui/material';
import {
  AccessDenied,
  AdminContext,
  AuthCallback,
  AuthenticationError,
  CoreAdminUI,
  CustomRoutes,
  Error as ErrorPage,
  LoadingPage,
  localStorageStore,
  NotFound,
  Notification,
} from 'react-admin';
import { BrowserRouter, Route } from 'react-router-dom';
import { authProvider } from './auth';
import { LoginPage } from './custom/login';
import { dataProvider } from './dataProvider';
import { i18nProvider } from './i18n';
import { AppLayout, APP_NAME, DocumentTitle, PermissionGate } from './layout';
import { ROUTES, SHELL_ROUTES, type AppRoute } from './routes';
import { useAppTheme } from './theme';

const Dashboard = lazy(() => import('./custom/dashboard/Dashboard'));
const PlaceholderPage = lazy(() => import('./custom/placeholder/PlaceholderPage'));

function screenOf(route: AppRoute) {
  if (!route.load) return <PlaceholderPage title={route.title} standalone={route.noLayout} />;
  const Screen = lazy(route.load);
  return <Screen />;
}

/** A shell route: its screen, or the refusal page when the user lacks its permission. */
const toRoute = (route: AppRoute) => (
  <Route
    key={route.name}
    path={route.path}
    element={
      <PermissionGate permission={route.permission} title={route.title}>
        {screenOf(route)}
      </PermissionGate>
    }
  />
);

// react-admin's <Admin> is <AdminContext> plus <AdminUI>, and <AdminUI> names a default for
// every page it may draw: its own sign-in form (over react-hook-form), its default layout,
// and <Admin> adds English messages. Those would ship with the sign-in page although the
// portal replaces them, so App composes the two itself with the same pages <AdminUI>
// uses, minus those replaced.
const store = localStorageStore();
const CatchAll = () => <NotFound />; // NotFound's `title` prop is narrower than catchAll's

// Built once: lazy() must not run on every render.
const shellRoutes = SHELL_ROUTES.map(toRoute);
const standaloneRoutes = ROUTES.filter((route) => route.noLayout && route.name !== 'Login').map((route) => (
  <Route
    key={route.name}
    path={route.path}
    element={<Suspense fallback={null}>{screenOf(route)}</Suspense>}
  />
));

export function App() {
  const theme = useAppTheme();
  // History-mode URLs (/mymessage, not /#/mymessage), as the specification's route table.
  return (
    <BrowserRouter>
      <DocumentTitle />
      <AdminContext
        authProvider={authProvider}
        dataProvider={dataProvider}
        i18nProvider={i18nProvider}
        theme={theme}
        store={store}
      >
        <CssBaseline enableColorScheme>
          <CoreAdminUI
            title={APP_NAME}
            disableTelemetry
            layout={AppLayout}
            loginPage={LoginPage}
            dashboard={Dashboard}
            catchAll={CatchAll}
            error={ErrorPage}
            loading={LoadingPage}
            accessDenied={AccessDenied}
            authenticationError={AuthenticationError}
            authCallbackPage={AuthCallback}
          >
            <CustomRoutes noLayout>{standaloneRoutes}</CustomRoutes>
            <CustomRoutes>{shellRoutes}</CustomRoutes>
          </CoreAdminUI>
          <Notification />
        </CssBaseline>
      </AdminContext>
    </BrowserRouter>
  );
}
