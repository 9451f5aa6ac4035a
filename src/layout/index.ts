export { AppLayout } from './AppLayout';
export { APP_NAME } from './AppTopBar';
export { PermissionGate, NoPermissionPage } from './PermissionGate';
