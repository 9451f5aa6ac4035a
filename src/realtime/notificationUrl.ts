// A notification's url is a page of this app ('/letter/false/Inbox/4/12', sometimes
// without the leading slash) or, rarely, an outside address.
import { useCallback } from 'react';
import { useNavigate } from 'react-admin';

const isExternal = (url: string) => /^[a-z][a-z0-9+.-]*:\/\//i.test(url);

export function useOpenNotificationUrl(): (url: string) => void {
  const navigate = useNavigate();
  return useCallback(
    (url: string) => {
      const target = url.trim();
      if (!target) return;
      if (isExternal(target)) window.open(target, '_blank', 'noopener');
      else navigate(target.startsWith('/') ? target : `/${target}`);
    },
    [navigate],
  );
}
