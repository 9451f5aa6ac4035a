export {
  startRealtime,
  onHubNotification,
  onHubLettersChanged,
  onHubReconnected,
  disconnectRealtime,
  HUB_URL,
  type HubNotification,
} from './hub';
export { RealtimeToasts } from './RealtimeToasts';
export { useOpenNotificationUrl } from './notificationUrl';
