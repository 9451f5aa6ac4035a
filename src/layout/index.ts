export { AppLayout } from './AppLayout';
export { APP_NAME } from './appName';
export { PermissionGate, NoPermissionPage } from './PermissionGate';
export { DocumentTitle, documentTitle } from './DocumentTitle';
