export { AppLayout } from './AppLayout';
export { APP_NAME } from './AppTopBar';
