// The one real-time connection of the page (spec 1 §4, §7 Realtime; design §5): a SignalR
// hub at /hubs/notification, authenticated with the session token.
// - opened when a token appears, closed at logout (it follows onSessionChange);
// - reconnects by itself (withAutomaticReconnect); a failed start() is retried every 10 s,
//   which the client library does not do;
// - a 401/403 on negotiate means the session was revoked: the session is cleared.
// Screens listen through onHubNotification / onHubReconnected and never touch the connection.
// The client library is loaded only when there is a session to connect with: the sign-in
// page does not carry it.
import type { HubConnection } from '@microsoft/signalr';
import { getToken, onSessionChange, setSession } from '../api/session';

export interface HubNotification {
  id: number;
  title: string;
  url: string;
}

export const HUB_URL = '/hubs/notification';
const RETRY_MS = 10_000;

const notificationListeners = new Set<(notification: HubNotification) => void>();
const reconnectListeners = new Set<() => void>();
const lettersChangedListeners = new Set<() => void>();

type SignalR = typeof import('@microsoft/signalr');

let connection: HubConnection | null = null;
let connectedToken: string | null = null;
/** Bumped at every session change: a library load finishing later is then dropped. */
let generation = 0;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let signalR: Promise<SignalR> | undefined;

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

/** Called when the user's letters changed without a notification (a letter they had was
 *  deleted): counts, lists and the bell refetch. */
export function onHubLettersChanged(listener: () => void): () => void {
  lettersChangedListeners.add(listener);
  return () => lettersChangedListeners.delete(listener);
}

/** Called after the connection came back: pushes sent meanwhile are lost, so refetch. */
export function onHubReconnected(listener: () => void): () => void {
  reconnectListeners.add(listener);
  return () => reconnectListeners.delete(listener);
}

const emitReconnected = () => reconnectListeners.forEach((listener) => listener());

/** A 401/403 on negotiate. The library wraps a failed negotiate in an error of its own
 *  (FailedToNegotiateWithServerError) that keeps the status only in its message. */
function isAuthRefusal(lib: SignalR, error: unknown): boolean {
  if (error instanceof lib.HttpError) return error.statusCode === 401 || error.statusCode === 403;
  return (
    (error as { errorType?: string } | null)?.errorType === 'FailedToNegotiateWithServerError' &&
    /Status code '40[13]'/.test((error as Error).message)
  );
}

function buildConnection(lib: SignalR): HubConnection {
  const { HubConnectionBuilder, LogLevel } = lib;
  const hub = new HubConnectionBuilder()
    .withUrl(HUB_URL, { accessTokenFactory: () => getToken() ?? '' })
    .withAutomaticReconnect()
    .configureLogging(LogLevel.Warning)
    .build();
  hub.on('Notification', (notification: HubNotification) =>
    notificationListeners.forEach((listener) => listener(notification)),
  );
  hub.on('LettersChanged', () => lettersChangedListeners.forEach((listener) => listener()));
  hub.onreconnected(emitReconnected);
  // Closed for good (automatic reconnect gave up, or the server closed it): start over.
  hub.onclose(() => scheduleStart(lib, hub));
  return hub;
}

function scheduleStart(lib: SignalR, hub: HubConnection, afterFailure = true): void {
  if (hub !== connection) return; // stopped or replaced meanwhile
  clearTimeout(retryTimer);
  retryTimer = setTimeout(() => void startConnection(lib, hub, afterFailure), RETRY_MS);
}

async function startConnection(lib: SignalR, hub: HubConnection, afterFailure: boolean): Promise<void> {
  try {
    await hub.start();
    if (afterFailure) emitReconnected();
  } catch (error) {
    if (hub !== connection) return;
    if (isAuthRefusal(lib, error))
      setSession(null); // revoked token: log out (spec 1 §7)
    else scheduleStart(lib, hub);
  }
}

function stopConnection(): Promise<void> {
  clearTimeout(retryTimer);
  const hub = connection;
  connection = null; // first, so onclose does not schedule a restart
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
  if (token) connect(current);
}

function connect(current: number): void {
  loadSignalR().then(
    (lib) => {
      if (current !== generation) return; // the session changed while the library loaded
      connection = buildConnection(lib);
      void startConnection(lib, connection, false);
    },
    () => {
      // The library did not load (offline): try again later, as a failed start() is.
      if (current !== generation) return;
      clearTimeout(retryTimer);
      retryTimer = setTimeout(() => connect(current), RETRY_MS);
    },
  );
}

/** Call once at boot: from then on the connection follows the session by itself. */
export function startRealtime(): () => void {
  followSession();
  const unsubscribe = onSessionChange(followSession);
  return () => {
    unsubscribe();
    connectedToken = null;
    generation++;
    void stopConnection();
  };
}
