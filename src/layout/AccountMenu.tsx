// The user menu of the top bar: account settings, mobile approval, logout. The two dialogs
// belong to src/custom/account/ and are loaded only when first opened.
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { ListItemIcon, ListItemText, MenuItem } from '@mui/material';
import ManageAccountsIcon from '@mui/icons-material/ManageAccounts';
import PhoneIphoneIcon from '@mui/icons-material/PhoneIphone';
import { Logout, UserMenu, useGetIdentity, useUserMenu } from 'react-admin';
import { onSessionChange } from '../api/session';

const AccountSettingsDialog = lazy(() =>
  import('../custom/account/AccountSettingsDialog').then((m) => ({ default: m.AccountSettingsDialog })),
);
const MobileApprovalDialog = lazy(() =>
  import('../custom/account/MobileApprovalDialog').then((m) => ({ default: m.MobileApprovalDialog })),
);

type OpenDialog = 'settings' | 'mobile' | null;

export function AccountMenu() {
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const close = () => setDialog(null);
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
        <Logout />
      </UserMenu>
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
