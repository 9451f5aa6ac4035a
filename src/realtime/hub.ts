// The one real-time connection of the page (spec 1 §4, §7 Realtime; design §5): a SignalR
// hub at /hubs/notification, authenticated with the session token.
// - opened when a token appears, closed at logout (it follows onSessionChange);
// - a connection belongs to the token it was opened with: it never asks for whatever token
//   is stored now (another tab may have signed someone else in);
// - closed by the server with «Session revoked», or refused 401/403 on negotiate: its session
//   has ended, and the tab learns it at once (the session is cleared: the sign-in page);
// - any other drop is retried by this module, not the library: soon (1–6 s) while the page
//   is seen and online, at once when the browser comes back online or the tab is shown
//   again, slowly at the server's limit of tabs (429), whose message the user sees once;
// - expected failures are logged quietly (realtime-logger.ts).
// Screens listen through onHubNotification / onHubLettersChanged / onHubReconnected /
// onHubNotice and never touch the connection. The client library is loaded only when there
// is a session to connect with: the sign-in page does not carry it.
import type { HubConnection } from '@microsoft/signalr';
import { getToken, isSigningOut, onSessionChange, setSession } from '../api/session';
import { isExpectedHubFailure, quietHubLogger } from './realtime-logger';

export interface HubNotification {
  id: number;
  title: string;
  url: string;
}

export const HUB_URL = '/hubs/notification';
/** The server's answer at its limit of sockets per user (HUB_CONNECTIONS_PER_USER, 429). */
export const TOO_MANY_TABS = 'اتصال‌های هم‌زمان شما بیش از حد مجاز است؛ چند زبانه را ببندید';
/** Retries at the limit of tabs, and while the page is hidden or offline (woken by events). */
export const SLOW_RETRY_MS = 30_000;
/** The longest wait between retries while the page is seen and online (and a second of jitter,
 *  so that a restarted server is not met by every page at the same instant). */
export const RETRY_CAP_MS = 5_000;
const JITTER_MS = 1_000;

const notificationListeners = new Set<(notification: HubNotification) => void>();
const reconnectListeners = new Set<() => void>();
const lettersChangedListeners = new Set<() => void>();
const noticeListeners = new Set<(message: string) => void>();

type SignalR = typeof import('@microsoft/signalr');

/** The connection of one session token. */
interface Link {
  lib: SignalR;
  hub: HubConnection;
  token: string;
  /** Failed starts in a row (the back-off). */
  failures: number;
  /** Pushes may have been lost since the page loaded its data: refetch once connected. */
  missed: boolean;
  /** At the limit of tabs: the user was told once; retries are slow. */
  busy: boolean;
}

let link: Link | null = null;
let connectedToken: string | null = null;
/** Bumped at every session change: a library load finishing later is then dropped. */
let generation = 0;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let signalR: Promise<SignalR> | undefined;
/** The library failed to load (offline) and waits to be loaded again. */
let libraryMissing = false;

function loadSignalR(): Promise<SignalR> {
  signalR ??= import('@microsoft/signalr').catch((error: unknown) => {
    signalR = undefined; // a later session change tries again
    throw error;
  });
  return signalR;
}

/** Called for every `Notification` event pushed by the server. */
export function onHubNotification(listener: (notification: HubNotification) => void): () => void {
  notificationListeners.add(listener);
  return () => notificationListeners.delete(listener);
}

/** Called when the user's letters or notifications changed without a notification for
 *  them (a letter read, deleted, a draft saved, in this tab or another): counts, lists
 *  and the bell refetch. */
export function onHubLettersChanged(listener: () => void): () => void {
  lettersChangedListeners.add(listener);
  return () => lettersChangedListeners.delete(listener);
}

/** Called after the connection came back: pushes sent meanwhile are lost, so refetch. */
export function onHubReconnected(listener: () => void): () => void {
  reconnectListeners.add(listener);
  return () => reconnectListeners.delete(listener);
}

/** A sentence for the user about the connection (the limit of tabs), said once. */
export function onHubNotice(listener: (message: string) => void): () => void {
  noticeListeners.add(listener);
  return () => noticeListeners.delete(listener);
}

const emitReconnected = () => reconnectListeners.forEach((listener) => listener());

/** The HTTP status a failed start was refused with, when it was one (negotiate). The
 *  library wraps a failed negotiate in an error of its own that keeps the status only in
 *  its message. */
function refusalStatus(lib: SignalR, error: unknown): number | undefined {
  if (error instanceof lib.HttpError) return error.statusCode;
  const message = error instanceof Error ? error.message : '';
  const status = /Status code '(\d{3})'/.exec(message);
  return status ? Number(status[1]) : undefined;
}

function buildConnection(lib: SignalR, token: string): HubConnection {
  const hub = new lib.HubConnectionBuilder()
    .withUrl(HUB_URL, { accessTokenFactory: () => token })
    .configureLogging(quietHubLogger)
    .build();
  hub.on('Notification', (notification: HubNotification) =>
    notificationListeners.forEach((listener) => listener(notification)),
  );
  hub.on('LettersChanged', () => lettersChangedListeners.forEach((listener) => listener()));
  return hub;
}

/** The wait before the next start: short while someone looks at the page, long otherwise
 *  (the browser's online event and the tab being shown again wake it at once). */
function retryDelay(current: Link): number {
  if (current.busy || document.hidden || !navigator.onLine) return SLOW_RETRY_MS + Math.random() * JITTER_MS;
  return Math.min(1000 * 2 ** current.failures, RETRY_CAP_MS) + Math.random() * JITTER_MS;
}

function retryLater(current: Link): void {
  clearTimeout(retryTimer);
  retryTimer = setTimeout(() => void start(current), retryDelay(current));
}

async function start(current: Link): Promise<void> {
  if (current !== link || current.hub.state !== current.lib.HubConnectionState.Disconnected) return;
  clearTimeout(retryTimer);
  try {
    await current.hub.start();
  } catch (error) {
    if (current === link) startFailed(current, error);
    return;
  }
  if (current !== link) return;
  current.failures = 0;
  current.busy = false;
  if (current.missed) emitReconnected();
  current.missed = false;
}

function startFailed(current: Link, error: unknown): void {
  const status = refusalStatus(current.lib, error);
  if (status === 401 || status === 403) return sessionEnded(current);
  if (!isExpectedHubFailure(String(error))) console.warn('[hub]', error);
  current.missed = true;
  current.failures++;
  if (status === 429 && !current.busy) {
    current.busy = true; // told once, until a connection succeeds again
    noticeListeners.forEach((listener) => listener(TOO_MANY_TABS));
  }
  retryLater(current);
}

/** Closed by the server, or by the network. */
function closed(current: Link, error: Error | undefined): void {
  if (current !== link) return; // stopped on purpose
  if (error && /Session revoked/.test(error.message)) return sessionEnded(current);
  current.missed = true;
  current.failures = 0;
  retryLater(current);
}

/**
 * The session this connection was opened with has ended on the server. The tab learns it
 * now: when that token is still the stored one, the session is cleared (the sign-in page).
 * Another token stored meanwhile — someone signed in in another tab — is the session
 * listeners' to follow (session.ts), never this connection's.
 */
function sessionEnded(current: Link): void {
  void stopConnection();
  connectedToken = null; // nothing left to wake: a new session connects anew
  if (getToken() === current.token) setSession(null, isSigningOut(current.token) ? undefined : 'revoked');
}

function stopConnection(): Promise<void> {
  clearTimeout(retryTimer);
  const hub = link?.hub;
  link = null; // first, so that its close is not taken for a drop
  return hub ? hub.stop().catch(() => undefined) : Promise.resolve();
}

/** Closes the connection before a sign-out revokes the session: otherwise the server closes
 *  it with «Session revoked», which the library reports as an error in the console. */
export function disconnectRealtime(): Promise<void> {
  return stopConnection();
}

/** Opens, replaces or closes the connection to match the current token. */
function followSession(): void {
  const token = getToken();
  if (token === connectedToken) return; // e.g. a profile edit re-saved the same session
  void stopConnection();
  connectedToken = token;
  const current = ++generation;
  if (token) connect(current, token);
}

function connect(current: number, token: string): void {
  libraryMissing = false;
  loadSignalR().then(
    (lib) => {
      if (current !== generation) return; // the session changed while the library loaded
      const hub = buildConnection(lib, token);
      const opened: Link = { lib, hub, token, failures: 0, missed: false, busy: false };
      hub.onclose((error) => closed(opened, error));
      link = opened;
      void start(opened);
    },
    () => {
      // The library did not load (offline): try again later, as a failed start() is.
      if (current !== generation) return;
      libraryMissing = true;
      clearTimeout(retryTimer);
      retryTimer = setTimeout(() => connect(current, token), SLOW_RETRY_MS);
    },
  );
}

/** The browser is back online, or the tab is seen again: a connection waiting for its next
 *  retry starts now instead of at the end of its back-off. */
function wake(): void {
  if (document.hidden) return;
  if (link) void start(link);
  else if (libraryMissing && connectedToken) connect(generation, connectedToken);
}

/** Call once at boot: from then on the connection follows the session by itself. */
export function startRealtime(): () => void {
  followSession();
  const unsubscribe = onSessionChange(followSession);
  window.addEventListener('online', wake);
  document.addEventListener('visibilitychange', wake);
  return () => {
    unsubscribe();
    window.removeEventListener('online', wake);
    document.removeEventListener('visibilitychange', wake);
    connectedToken = null;
    generation++;
    void stopConnection();
  };
}
