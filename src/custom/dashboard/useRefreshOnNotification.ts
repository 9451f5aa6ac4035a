// Counts change when letters or tasks arrive or go: reload on every real-time notification,
// when the user's letters changed without one (a letter deleted by its sender), and after
// the hub reconnects (pushes sent while it was down are lost).
import { useEffect } from 'react';
import { onHubLettersChanged, onHubNotification, onHubReconnected } from '../../realtime';

export function useRefreshOnNotification(reload: () => void) {
  useEffect(() => {
    const stopNotifications = onHubNotification(() => reload());
    const stopReconnects = onHubReconnected(reload);
    const stopLetters = onHubLettersChanged(reload);
    return () => {
      stopNotifications();
      stopReconnects();
      stopLetters();
    };
  }, [reload]);
}
