// Where the records a letter's picker offers are made («تنظیمات مکاتبات»، «اندیکاتورها»),
// said when there is none to choose yet (a new organisation). For a user who may open
// that list its name is a link to it; for others it only says whom to ask about.
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router-dom';
import { usePermissions } from '../../../auth';
import { routeByName } from '../../../routes';

/** The correspondence settings' lists that a letter's pickers choose from. */
export type SettingsList = 'Andikator' | 'Archive' | 'Favorite' | 'TemplateManager';

export function SettingsPlace({ list }: { list: SettingsList }) {
  const permissions = usePermissions();
  const route = routeByName(list);
  if (!route) return null;
  // As the route's gate asks (PermissionGate): one of its permissions.
  const needed = typeof route.permission === 'string' ? [route.permission] : (route.permission ?? []);
  const mayOpen = !needed.length || needed.some((permission) => permissions.includes(permission));
  return (
    <>
      {'«تنظیمات مکاتبات»، «'}
      {mayOpen ? (
        <Link component={RouterLink} to={route.path}>
          {route.title}
        </Link>
      ) : (
        route.title
      )}
      {'»'}
    </>
  );
}
