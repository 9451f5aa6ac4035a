// The browser tab names the screen: «اشخاص — دبیر», «ورود — دبیر». The title comes from
// the route table, so every screen, placeholder or not, gets one without writing it.
import { useEffect } from 'react';
import { matchPath, useLocation } from 'react-router-dom';
import { ROUTES, type AppRoute } from '../routes';
import { APP_NAME } from './appName';

/** The route drawn at this address; its params (`/projects/:id`) match anything. */
export function routeAt(pathname: string): AppRoute | undefined {
  return ROUTES.find((route) => matchPath({ path: route.path, end: true }, pathname));
}

export function documentTitle(pathname: string): string {
  const route = routeAt(pathname);
  return route ? `${route.title} — ${APP_NAME}` : APP_NAME;
}

export function DocumentTitle() {
  const { pathname } = useLocation();
  useEffect(() => {
    document.title = documentTitle(pathname);
  }, [pathname]);
  return null;
}
