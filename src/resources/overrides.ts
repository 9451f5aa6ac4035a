// Hand-written screens that replace the generic ones of a resource, by resource name. Each
// module's default export is a `ResourceScreens` (e.g. `{ ...resourceScreens(person), list: PersonList }`);
// it is loaded with the route, so it weighs nothing until then.
import type { ResourceScreens } from './types';

export const SCREEN_OVERRIDES: Record<string, () => Promise<{ default: ResourceScreens }>> = {};
