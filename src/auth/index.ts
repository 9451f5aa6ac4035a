export { authProvider } from './authProvider';
export { usePermissions, useSession } from './useSession';
export { SessionWatcher } from './SessionWatcher';
export { avatarUrl } from './signIn';
