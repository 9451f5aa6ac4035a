// Counts change when letters or tasks arrive or go: reload on real-time notifications, when
// the user's letters changed without one (read, deleted, a draft saved, in this tab or
// another), and after the hub reconnects (pushes sent while it was down are lost). A burst
// of them (sixty letters in a few seconds) makes one reload, not one each (coalesce).
import { useEffect } from 'react';
import { onHubLettersChanged, onHubNotification, onHubReconnected } from '../../realtime';
import { coalesce } from '../../realtime/realtime-coalesce';

export function useRefreshOnNotification(reload: () => void) {
  useEffect(() => {
    const refresh = coalesce(reload);
    const stops = [
      onHubNotification(() => refresh.schedule()),
      onHubReconnected(() => refresh.schedule()),
      onHubLettersChanged(() => refresh.schedule()),
    ];
    return () => {
      stops.forEach((stop) => stop());
      refresh.cancel();
    };
  }, [reload]);
}
