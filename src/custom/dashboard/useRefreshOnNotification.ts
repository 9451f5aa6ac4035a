// Counts change when letters or tasks arrive: reload on every real-time notification and
// after the hub reconnects (pushes sent while it was down are lost).
import { useEffect } from 'react';
import { onHubNotification, onHubReconnected } from '../../realtime';

export function useRefreshOnNotification(reload: () => void) {
  useEffect(() => {
    const stopNotifications = onHubNotification(() => reload());
    const stopReconnects = onHubReconnected(reload);
    return () => {
      stopNotifications();
      stopReconnects();
    };
  }, [reload]);
}
