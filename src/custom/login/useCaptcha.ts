import { useCallback, useEffect, useState } from 'react';
import { fetchCaptcha, type CaptchaChallenge } from '../../auth/signIn';

/** The current captcha challenge and a way to ask for a new one. */
export function useCaptcha(): { captcha: CaptchaChallenge | null; reload: () => void } {
  const [captcha, setCaptcha] = useState<CaptchaChallenge | null>(null);
  const reload = useCallback(() => {
    fetchCaptcha()
      .then(setCaptcha)
      .catch(() => setCaptcha(null));
  }, []);
  useEffect(reload, [reload]);
  return { captcha, reload };
}
