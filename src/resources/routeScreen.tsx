// What src/routes.ts loads for a route without its own screen: the resource screen of the
// resource whose `route` is that path (its override if one is registered), or the
// placeholder page when no resource lives there yet.
import { lazy, type ComponentType } from 'react';
import type { AppRoute } from '../routes';
import { RESOURCES } from '../schemas';
import { SCREEN_OVERRIDES } from './overrides';
import { ResourcePage } from './ResourcePage';

const PlaceholderPage = lazy(() => import('../custom/placeholder/PlaceholderPage'));

export async function screenAt(route: Pick<AppRoute, 'path' | 'title'>): Promise<{ default: ComponentType }> {
  const resource = RESOURCES.find((r) => r.route.toLowerCase() === route.path.toLowerCase());
  if (!resource) return { default: () => <PlaceholderPage title={route.title} /> };
  const override = SCREEN_OVERRIDES[resource.name.toLowerCase()];
  const screens = override ? (await override()).default : undefined;
  return { default: () => <ResourcePage resource={resource} screens={screens} /> };
}
