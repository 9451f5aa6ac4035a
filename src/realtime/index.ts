export {
  startRealtime,
  onHubNotification,
  onHubLettersChanged,
  onHubReconnected,
  onHubNotice,
  disconnectRealtime,
  HUB_URL,
  TOO_MANY_TABS,
  type HubNotification,
} from './hub';
export { RealtimeToasts } from './RealtimeToasts';
export { useOpenNotificationUrl } from './notificationUrl';
