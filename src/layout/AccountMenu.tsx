// The user menu of the top bar: account settings, mobile approval, logout. The two dialogs
// belong to src/custom/account/ and are loaded only when first opened. Signing out forgets
// the letters being written in the tab (forgetUnsavedWork): with any kept, it asks first.
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { ListItemIcon, ListItemText, MenuItem } from '@mui/material';
import ManageAccountsIcon from '@mui/icons-material/ManageAccounts';
import PhoneIphoneIcon from '@mui/icons-material/PhoneIphone';
import PowerSettingsNewIcon from '@mui/icons-material/PowerSettingsNew';
import { UserMenu, useGetIdentity, useLogout, useTranslate, useUserMenu } from 'react-admin';
import { hasUnsavedWork, onSessionChange } from '../api/session';
import { ConfirmDialog } from '../custom/dashboard/ConfirmDialog';

const AccountSettingsDialog = lazy(() =>
  import('../custom/account/AccountSettingsDialog').then((m) => ({ default: m.AccountSettingsDialog })),
);
const MobileApprovalDialog = lazy(() =>
  import('../custom/account/MobileApprovalDialog').then((m) => ({ default: m.MobileApprovalDialog })),
);

type OpenDialog = 'settings' | 'mobile' | 'logout' | null;

export function AccountMenu() {
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const close = () => setDialog(null);
  const logout = useLogout();
  const translate = useTranslate();
  useRefreshIdentityOnProfileChange();
  return (
    <>
      <UserMenu>
        <AccountMenuItem icon={<ManageAccountsIcon fontSize="small" />} onClick={() => setDialog('settings')}>
          تنظیمات حساب
        </AccountMenuItem>
        <AccountMenuItem icon={<PhoneIphoneIcon fontSize="small" />} onClick={() => setDialog('mobile')}>
          تایید شماره همراه
        </AccountMenuItem>
        <AccountMenuItem
          icon={<PowerSettingsNewIcon fontSize="small" />}
          onClick={() => (hasUnsavedWork() ? setDialog('logout') : void logout())}
        >
          {translate('ra.auth.logout')}
        </AccountMenuItem>
      </UserMenu>
      <ConfirmDialog
        open={dialog === 'logout'}
        title="نامه‌ای ذخیره‌نشده دارید"
        detail="متنی که در نامه‌ها نوشته‌اید و ذخیره نکرده‌اید با خروج از این مرورگر پاک می‌شود و دیگر بازنمی‌گردد. پیش از خروج می‌توانید آن را ذخیره کنید."
        confirmLabel="خروج و دور انداختن متن"
        cancelLabel="ماندن"
        onCancel={close}
        onConfirm={() => {
          close();
          void logout();
        }}
      />
      {/* Outside the menu: the menu's items unmount when it closes, the dialogs must not. */}
      <Suspense fallback={null}>
        {dialog === 'settings' && <AccountSettingsDialog open onClose={close} />}
        {dialog === 'mobile' && <MobileApprovalDialog open onClose={close} />}
      </Suspense>
    </>
  );
}

function AccountMenuItem({
  icon,
  onClick,
  children,
}: {
  icon: ReactNode;
  onClick: () => void;
  children: ReactNode;
}) {
  const { onClose } = useUserMenu() ?? {};
  const choose = () => {
    onClose?.();
    onClick();
  };
  return (
    <MenuItem onClick={choose}>
      <ListItemIcon>{icon}</ListItemIcon>
      <ListItemText>{children}</ListItemText>
    </MenuItem>
  );
}

/** The top bar shows react-admin's identity (name, avatar): refresh it after a profile edit. */
function useRefreshIdentityOnProfileChange() {
  const { refetch } = useGetIdentity();
  useEffect(() => onSessionChange((session) => session && void refetch()), [refetch]);
}
