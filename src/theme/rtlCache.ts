// Emotion cache that flips every CSS rule for right-to-left (margin-left → margin-right…).
// One of the three things RTL needs, with dir="rtl" on <html> and direction 'rtl' in the theme.
import createCache from '@emotion/cache';
import { prefixer } from 'stylis';
import rtlPlugin from 'stylis-plugin-rtl';

export const rtlCache = createCache({ key: 'muirtl', stylisPlugins: [prefixer, rtlPlugin] });
