// Boot: fonts, the RTL style cache, the theme colour, the app, and the real-time link.
import './theme/vazirmatn.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { CacheProvider } from '@emotion/react';
import { App } from './App';
import { startRealtime } from './realtime';
import { reloadOnNewBuild } from './boot/reloadOnNewBuild';
import { rtlCache, ThemeColorProvider } from './theme';

reloadOnNewBuild();

const root = document.getElementById('root');
if (!root) throw new Error('index.html must contain <div id="root"> for the app to mount');

createRoot(root).render(
  <StrictMode>
    <CacheProvider value={rtlCache}>
      <ThemeColorProvider>
        <App />
      </ThemeColorProvider>
    </CacheProvider>
  </StrictMode>,
);

// The hub connection follows the session from now on (opens at sign-in, closes at logout).
startRealtime();
