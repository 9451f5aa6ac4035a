export { authProvider } from './authProvider';
export { useSession } from './useSession';
export { SessionWatcher } from './SessionWatcher';
export { avatarUrl } from './signIn';
