// The SignalR hub at /hubs/notification: negotiate, then a WebSocket per client.
// Bus events become pushes: `notify` → a `Notification` event to every connection of
// that user; `session-revoked` → a close with an error (the client stops for good).
// A bus event can be lost, and a session can expire without one: so the sessions of the
// open sockets are also checked in the database, every `sessionCheckMs` and whenever the
// bus is listening again after losing its connection (when the clients are also told to
// refetch, with a LettersChanged each). On shutdown every client gets a close that allows
// reconnecting.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import websocket from '@fastify/websocket';
import type { WebSocket } from 'ws';
import type { EventBus, HubEvent } from './event-bus';
import { ConnectionRegistry } from './connection-registry';
import { forEachInChunks, FAN_OUT_CHUNK } from './fan-out';
import { HubConnection, type ConnectionLimits } from './hub-connection';
import { createInvoker, type HubMethod, type HubPrincipal, type Invoke } from './hub-methods';
import { MessageType, serializeMessage, type CloseMessage } from './hub-protocol';
import { NegotiationStore } from './negotiations';

export type { HubPrincipal, HubMethod } from './hub-methods';
export { HubMethodError } from './hub-methods';

export const HUB_PATH = '/hubs/notification';
export const NOTIFICATION_TARGET = 'Notification';
/** Pushed with no arguments: the user's letters changed (hub-events: letters-changed). */
export const LETTERS_CHANGED_TARGET = 'LettersChanged';
const LETTERS_CHANGED_TEXT = serializeMessage({
  type: MessageType.Invocation,
  target: LETTERS_CHANGED_TARGET,
  arguments: [],
});
const NOT_SIGNED_IN = 'ابتدا وارد حساب کاربری خود شوید';
export const TOO_MANY_CONNECTIONS = 'اتصال‌های هم‌زمان شما بیش از حد مجاز است؛ چند زبانه را ببندید';

export interface HubOptions extends ConnectionLimits {
  /** How long a negotiated connection token may wait for its socket. */
  connectionTokenTtlMs: number;
  fanOutChunk: number;
  /** Sockets one user may hold, open or negotiated (a tab each): beyond, negotiate answers 429. */
  maxConnectionsPerUser: number;
  /** How often the open sockets' sessions are checked with `liveSessions` (0: never). */
  sessionCheckMs: number;
  /** The refetch told to every socket when the bus listens again is spread over this long. */
  refetchSpreadMs: number;
}

export const DEFAULT_HUB_OPTIONS: HubOptions = {
  handshakeTimeoutMs: 15_000,
  keepAliveMs: 15_000,
  clientTimeoutMs: 30_000,
  connectionTokenTtlMs: 15_000,
  maxMessageBytes: 64 * 1024,
  maxBufferedBytes: 1024 * 1024,
  maxQueuedInvocations: 32,
  fanOutChunk: FAN_OUT_CHUNK,
  maxConnectionsPerUser: 30,
  sessionCheckMs: 30_000,
  // A database restart brings every process's listener back at once: without a spread every
  // open tab refetched its lists within half a second of it (probe helper-82).
  refetchSpreadMs: 3_000,
};

export interface NotificationHubDeps<P extends HubPrincipal = HubPrincipal> {
  /** The session token → its principal, or null when it is not a live session. */
  authenticate: (token: string) => Promise<P | null>;
  bus: EventBus;
  /**
   * Of these sessions, the ones still live (not revoked, not expired, their user and tenant
   * active), in one look-up. The sockets of the others are closed as a revocation closes
   * them. Without it the hub relies on `session-revoked` events alone.
   */
  liveSessions?: (sessionIds: number[]) => Promise<Iterable<number>>;
  /** Methods receive the principal `authenticate` returned when the socket opened. */
  methods?: Record<string, HubMethod<P>>;
  options?: Partial<HubOptions>;
}

export interface NotificationHub {
  /** Open hub sockets, of one user or of everyone. */
  connectionCount(userId?: number): number;
}

const REVOKED: CloseMessage = { type: MessageType.Close, error: 'Session revoked' };
const SHUTTING_DOWN: CloseMessage = { type: MessageType.Close, allowReconnect: true };

export async function registerNotificationHub<P extends HubPrincipal>(
  app: FastifyInstance,
  deps: NotificationHubDeps<P>,
): Promise<NotificationHub> {
  const options = { ...DEFAULT_HUB_OPTIONS, ...deps.options };
  const registry = new ConnectionRegistry();
  const negotiations = new NegotiationStore(options.connectionTokenTtlMs);
  // The cast is sound: every principal the hub holds came from deps.authenticate, a P.
  const invoke = createInvoker<P>(deps.methods ?? {}, (err, target) =>
    app.log.error({ err, target }, 'hub method failed'),
  ) as Invoke;
  let stopped = false;
  let deliveries = Promise.resolve();
  let checking = false;

  /** In order, event after event; each large delivery yields between chunks. */
  function deliver(connections: HubConnection[], send: (c: HubConnection) => void) {
    deliveries = deliveries.then(() => forEachInChunks(connections, send, options.fanOutChunk));
  }

  function onEvent(event: HubEvent) {
    if (stopped) return;
    if (event.type === 'notify') {
      const text = notificationText(event.notification);
      deliver(registry.forUser(event.userId), (c) => c.sendText(text));
    } else if (event.type === 'letters-changed') {
      deliver(registry.forUser(event.userId), (c) => c.sendText(LETTERS_CHANGED_TEXT));
    } else if (event.type === 'session-revoked') {
      endSession(event.sessionId);
    }
  }

  function endSession(sessionId: number) {
    negotiations.dropSession(sessionId);
    deliver(registry.forSession(sessionId), (c) => c.close(REVOKED));
  }

  /** Closes the sockets whose session is no longer live; resolves with how many sessions. */
  async function checkSessions(): Promise<number> {
    const sessionIds = registry.sessionIds();
    if (!deps.liveSessions || stopped || !sessionIds.length) return 0;
    const live = new Set(await deps.liveSessions(sessionIds));
    if (stopped) return 0;
    const ended = sessionIds.filter((id) => !live.has(id));
    for (const sessionId of ended) endSession(sessionId);
    if (ended.length)
      app.log.info({ sessions: ended.length }, 'hub: closed the sockets of sessions that ended');
    return ended.length;
  }

  /** The periodic check: skipped while one is still running (a slow database). */
  async function periodicCheck() {
    if (checking) return;
    checking = true;
    try {
      await checkSessions();
    } catch (err) {
      app.log.warn({ err }, 'hub: could not check the sessions of open sockets');
    } finally {
      checking = false;
    }
  }

  /** The bus lost events: close what was revoked meanwhile, tell the rest to refetch. */
  async function afterBusReconnect() {
    if (stopped) return;
    try {
      await checkSessions();
    } catch (err) {
      app.log.warn({ err }, 'hub: could not check the sessions of open sockets');
    }
    if (stopped) return;
    const connections = registry.all();
    app.log.info({ connections: connections.length }, 'hub: event bus back; clients told to refetch');
    for (const connection of connections)
      setTimeout(() => {
        if (!stopped) deliver([connection], (c) => c.sendText(LETTERS_CHANGED_TEXT));
      }, Math.random() * options.refetchSpreadMs).unref();
  }

  const checkTimer =
    options.sessionCheckMs > 0 && deps.liveSessions
      ? setInterval(() => void periodicCheck(), options.sessionCheckMs).unref()
      : undefined;

  async function shutdown() {
    stopped = true;
    clearInterval(checkTimer);
    negotiations.clear();
    await forEachInChunks(registry.all(), (c) => c.close(SHUTTING_DOWN), options.fanOutChunk);
    await closeWebSocketServer(app);
  }

  await ensureWebSocketPlugin(app, options.maxMessageBytes, shutdown);
  deps.bus.subscribe(onEvent);
  deps.bus.onReconnect(() => void afterBusReconnect());
  const hub: HubParts = { registry, negotiations, invoke, options, authenticate: deps.authenticate };
  registerNegotiateRoute(app, hub);
  registerSocketRoute(app, hub);
  app.addHook('onClose', async () => {
    stopped = true;
    clearInterval(checkTimer);
    negotiations.clear();
  });

  return { connectionCount: (userId) => registry.count(userId) };
}

interface HubParts {
  registry: ConnectionRegistry;
  negotiations: NegotiationStore;
  invoke: Invoke;
  options: HubOptions;
  authenticate: (token: string) => Promise<HubPrincipal | null>;
}

function notificationText(notification: { id: number; title: string; url: string }): string {
  const { id, title, url } = notification;
  return serializeMessage({
    type: MessageType.Invocation,
    target: NOTIFICATION_TARGET,
    arguments: [{ id, title, url }],
  });
}

/**
 * Registers @fastify/websocket unless the app already has: our preClose sends the
 * close messages before the sockets go (the plugin's default would just close them).
 */
async function ensureWebSocketPlugin(
  app: FastifyInstance,
  maxMessageBytes: number,
  shutdown: () => Promise<void>,
) {
  if (app.hasDecorator('websocketServer')) {
    app.addHook('preClose', shutdown);
    return;
  }
  await app.register(websocket, {
    // A frame may carry several messages; the FrameReader enforces the per-message limit.
    options: { maxPayload: 4 * maxMessageBytes },
    preClose: shutdown,
    errorHandler: (error, socket, request) => {
      request.log.debug({ err: error }, 'hub socket error');
      socket.terminate();
    },
  });
}

function closeWebSocketServer(app: FastifyInstance): Promise<void> {
  return new Promise((resolve) => app.websocketServer.close(() => resolve()));
}

/** The session token: `Authorization: Bearer …` (Node clients), or `access_token` (browsers). */
function sessionToken(request: FastifyRequest): string {
  const header = request.headers.authorization ?? '';
  if (header.toLowerCase().startsWith('bearer ')) return header.slice(7).trim();
  const accessToken = (request.query as Record<string, unknown> | undefined)?.access_token;
  return typeof accessToken === 'string' ? accessToken : '';
}

async function authenticate(hub: HubParts, request: FastifyRequest): Promise<HubPrincipal | null> {
  const token = sessionToken(request);
  return token ? hub.authenticate(token) : null;
}

function refuseUnauthenticated(reply: FastifyReply) {
  return reply.code(401).header('www-authenticate', 'Bearer').send({ status: 0, message: NOT_SIGNED_IN });
}

function registerNegotiateRoute(app: FastifyInstance, hub: HubParts) {
  const principals = new WeakMap<FastifyRequest, HubPrincipal>();
  app.post(`${HUB_PATH}/negotiate`, {
    preValidation: async (request, reply) => {
      const principal = await authenticate(hub, request);
      if (!principal) return refuseUnauthenticated(reply);
      principals.set(request, principal);
    },
    handler: async (request, reply) => {
      const principal = principals.get(request)!;
      // Each socket holds memory and a file descriptor the server shares with every tenant.
      if (hub.negotiations.heldBy(principal.userId) >= hub.options.maxConnectionsPerUser)
        return reply.code(429).send({ status: 0, message: TOO_MANY_CONNECTIONS });
      const { connectionId, connectionToken } = hub.negotiations.issue(principal);
      reply.header('cache-control', 'no-store');
      return {
        connectionId,
        connectionToken,
        negotiateVersion: 1,
        availableTransports: [{ transport: 'WebSockets', transferFormats: ['Text'] }],
      };
    },
  });
}

interface Claimed {
  connectionToken: string;
  connectionId: string;
  principal: HubPrincipal;
}

function registerSocketRoute(app: FastifyInstance, hub: HubParts) {
  const claims = new WeakMap<FastifyRequest, Claimed>();
  app.get(
    HUB_PATH,
    {
      websocket: true,
      // Runs before the upgrade, so every refusal is a real HTTP status.
      preValidation: async (request, reply) => {
        const principal = await authenticate(hub, request);
        if (!principal) return refuseUnauthenticated(reply);
        if (!request.ws) return reply.code(400).send({ status: 0, message: 'WebSocket upgrade required' });
        const id = (request.query as Record<string, unknown>).id;
        const connectionToken = typeof id === 'string' ? id : '';
        const claim = hub.negotiations.claim(connectionToken, principal.sessionId);
        if (!claim.ok)
          return reply.code(claim.status).send({ status: 0, message: 'No connection with that id' });
        claims.set(request, {
          connectionToken,
          connectionId: claim.connectionId,
          principal: claim.principal,
        });
      },
    },
    (socket, request) => {
      const claimed = claims.get(request);
      if (!claimed || !hub.negotiations.attach(claimed.connectionToken)) {
        socket.terminate();
        return;
      }
      openConnection(hub, socket, claimed);
    },
  );
}

function openConnection(hub: HubParts, socket: WebSocket, claimed: Claimed) {
  const connection = new HubConnection(
    socket,
    claimed.principal,
    claimed.connectionId,
    hub.options,
    hub.invoke,
  );
  hub.registry.add(connection);
  connection.onClosed(() => {
    hub.registry.remove(connection);
    hub.negotiations.release(claimed.connectionToken);
  });
}
