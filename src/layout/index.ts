export { AppLayout } from './AppLayout';
export { APP_NAME } from './AppTopBar';
export { PermissionGate, NoPermissionPage } from './PermissionGate';
export { DocumentTitle, documentTitle } from './DocumentTitle';
