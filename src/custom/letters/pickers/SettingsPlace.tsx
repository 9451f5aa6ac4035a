// Where the records a letter's picker offers are made («تنظیمات مکاتبات»، «اندیکاتورها»),
// said when there is none to choose yet (a new organisation). For a user who may open
// that list its name is a link to it; others are told to ask the administrator
// (AskAdminUnlessOpen, at the sentence's end).
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router-dom';
import { usePermissions } from '../../../auth';
import { routeByName } from '../../../routes';

/** The correspondence settings' lists that a letter's pickers choose from. */
export type SettingsList = 'Andikator' | 'Archive' | 'Favorite' | 'TemplateManager';

/** The list's route, and whether this user may open it — as the route's gate asks
 *  (PermissionGate): one of its permissions. */
function useSettingsList(list: SettingsList) {
  const permissions = usePermissions();
  const route = routeByName(list);
  const needed = typeof route?.permission === 'string' ? [route.permission] : (route?.permission ?? []);
  const mayOpen = !needed.length || needed.some((permission) => permissions.includes(permission));
  return { route, mayOpen };
}

/** Ends the sentence for a user who may not open the list: whom to ask. */
export function AskAdminUnlessOpen({ list }: { list: SettingsList }) {
  return useSettingsList(list).mayOpen ? null : <>؛ از مدیر سامانه بخواهید</>;
}

export function SettingsPlace({ list }: { list: SettingsList }) {
  const { route, mayOpen } = useSettingsList(list);
  if (!route) return null;
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
