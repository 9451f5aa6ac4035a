// Carries hub events to every server process: in one process a plain list of
// subscribers; across processes PostgreSQL LISTEN/NOTIFY, so scaling out needs no
// extra component. Delivery is best effort: an event published while a listener is
// reconnecting is lost. So the bus says when it is listening again (`onReconnect`): the
// hub then checks its sockets' sessions in the database and tells its clients to refetch.
// A listening connection that goes silent without closing (a proxy that stops passing
// bytes) is found by a heartbeat: the listener NOTIFYs a channel of its own and must hear
// it back, or it ends the connection and reconnects.
import crypto from 'node:crypto';
import pg from 'pg';

export type HubEvent =
  | { type: 'notify'; userId: number; notification: { id: number; title: string; url: string } }
  | { type: 'session-revoked'; sessionId: number }
  /** A user's roles changed (or, without userId, the tenant's groups): cached principals go. */
  | { type: 'principal-changed'; tenantId: number; userId?: number }
  /** A user's letters changed without a notification of theirs (a letter deleted): their
   *  open pages refetch counts, lists and the bell. */
  | { type: 'letters-changed'; userId: number };

export interface EventBus {
  publish(event: HubEvent): Promise<void>;
  subscribe(handler: (e: HubEvent) => void): void;
  /** Called when the bus is listening again after it lost its connection: events published
   *  meanwhile may have been lost. (The in-process bus never loses any.) */
  onReconnect(handler: () => void): void;
  close(): Promise<void>;
}

export interface PostgresEventBus extends EventBus {
  /** Resolves once the listener is LISTENing (retries until then). */
  ready(): Promise<void>;
}

export const HUB_CHANNEL = 'dabir_hub';
/** The listener's connection names itself so (pg_stat_activity.application_name), unless
 *  the connection string names another. */
export const LISTENER_APPLICATION_NAME = 'dabir-hub-listener';
/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more. */
export const MAX_PAYLOAD_BYTES = 7900;
const RECONNECT_DELAYS_MS = [250, 1000, 2000, 5000, 10_000, 30_000];

type Handler = (e: HubEvent) => void;

export interface BusOptions {
  /** Called when a subscriber throws; by default a process warning. */
  onHandlerError?: (error: unknown) => void;
}

/** Where the PostgreSQL bus says that it lost its connection and has it back (pino fits). */
export interface BusLog {
  warn(details: Record<string, unknown>, message: string): void;
}

export interface PostgresBusOptions extends BusOptions {
  /** How often the listener sends itself a heartbeat (0: never). 20 s by default. */
  heartbeatMs?: number;
  /** A heartbeat not heard back within this ends the connection, which reconnects. 5 s. */
  heartbeatTimeoutMs?: number;
  /** A publish not answered within this fails (and its connection is dropped). 5 s. */
  publishTimeoutMs?: number;
  log?: BusLog;
}

export const DEFAULT_HEARTBEAT_MS = 20_000;
export const DEFAULT_HEARTBEAT_TIMEOUT_MS = 5_000;
export const DEFAULT_PUBLISH_TIMEOUT_MS = 5_000;

function warn(error: unknown) {
  process.emitWarning(error instanceof Error ? error : String(error), 'HubEventHandlerError');
}

/** Calls every handler; one failing handler must not starve the others. */
function createFanOut(onHandlerError: (error: unknown) => void = warn) {
  const handlers: Handler[] = [];
  return {
    add(handler: Handler) {
      handlers.push(handler);
    },
    deliver(event: HubEvent) {
      for (const handler of handlers) {
        try {
          handler(event);
        } catch (error) {
          onHandlerError(error);
        }
      }
    },
  };
}

/** Delivers synchronously, inside `publish`: subscribers must not block. */
export function createInProcessBus(options: BusOptions = {}): EventBus {
  const fanOut = createFanOut(options.onHandlerError);
  let closed = false;
  return {
    async publish(event) {
      if (!closed) fanOut.deliver(event);
    },
    subscribe: (handler) => fanOut.add(handler),
    onReconnect: () => undefined,
    async close() {
      closed = true;
    },
  };
}

export class PayloadTooLargeError extends Error {
  constructor(bytes: number) {
    super(`hub event of ${bytes} bytes exceeds the NOTIFY limit of ${MAX_PAYLOAD_BYTES}`);
    this.name = 'PayloadTooLargeError';
  }
}

export function encodeHubEvent(event: HubEvent): string {
  const payload = JSON.stringify(event);
  const bytes = Buffer.byteLength(payload);
  if (bytes > MAX_PAYLOAD_BYTES) throw new PayloadTooLargeError(bytes);
  return payload;
}

/** Parses a NOTIFY payload; anything that is not a well-formed hub event is ignored. */
export function decodeHubEvent(payload: string | undefined): HubEvent | null {
  let value: unknown;
  try {
    value = JSON.parse(payload ?? '');
  } catch {
    return null;
  }
  if (!value || typeof value !== 'object') return null;
  const event = value as Record<string, unknown>;
  if (event.type === 'session-revoked' && Number.isInteger(event.sessionId)) return value as HubEvent;
  if (event.type === 'letters-changed' && Number.isInteger(event.userId)) return value as HubEvent;
  if (
    event.type === 'principal-changed' &&
    Number.isInteger(event.tenantId) &&
    (event.userId === undefined || Number.isInteger(event.userId))
  )
    return value as HubEvent;
  if (event.type === 'notify' && Number.isInteger(event.userId) && isNotification(event.notification)) {
    return value as HubEvent;
  }
  return null;
}

function isNotification(value: unknown): boolean {
  const n = value as Record<string, unknown> | null;
  return !!n && Number.isInteger(n.id) && typeof n.title === 'string' && typeof n.url === 'string';
}

export function createPostgresBus(
  connectionString: string,
  options: PostgresBusOptions = {},
): PostgresEventBus {
  const fanOut = createFanOut(options.onHandlerError);
  const reconnectHandlers: (() => void)[] = [];
  // Publishing goes through a small pool: the listener's client is busy listening. A
  // publish on a connection gone silent fails after its timeout, and the pool drops that
  // client: it held the change's caller (a sign-out's answer) with no end. The change
  // itself is committed; a revocation missed so reaches the hub's session check.
  const publisher = new pg.Pool({
    connectionString,
    max: 2,
    idleTimeoutMillis: 30_000,
    keepAlive: true,
    // Connecting counts against the same bound as the query (probe: two publishes of one
    // save waited 10 s each for a server that took no new connections).
    connectionTimeoutMillis: options.publishTimeoutMs ?? DEFAULT_PUBLISH_TIMEOUT_MS,
    query_timeout: options.publishTimeoutMs ?? DEFAULT_PUBLISH_TIMEOUT_MS,
  });
  publisher.on('error', () => undefined); // an idle client dropped; the pool replaces it
  // One in use cut mid-query: its publish fails (below); unheard, the event ended the process.
  publisher.on('connect', (client) => client.on('error', () => undefined));
  const listener = createListener(connectionString, {
    onPayload: (payload) => {
      const event = decodeHubEvent(payload);
      if (event) fanOut.deliver(event);
    },
    onReconnected: () => {
      for (const handler of reconnectHandlers) {
        try {
          handler();
        } catch (error) {
          (options.onHandlerError ?? warn)(error);
        }
      }
    },
    heartbeatMs: options.heartbeatMs ?? DEFAULT_HEARTBEAT_MS,
    heartbeatTimeoutMs: options.heartbeatTimeoutMs ?? DEFAULT_HEARTBEAT_TIMEOUT_MS,
    log: options.log,
  });
  return {
    async publish(event) {
      try {
        await publisher.query('SELECT pg_notify($1, $2)', [HUB_CHANNEL, encodeHubEvent(event)]);
      } catch (error) {
        // Not published, so no process hears it from the database: this one's own sockets
        // hear it at least (probe: a letter sent while publishing failed reached no tab).
        fanOut.deliver(event);
        throw error;
      }
    },
    subscribe: (handler) => fanOut.add(handler),
    onReconnect: (handler) => reconnectHandlers.push(handler),
    ready: () => listener.ready,
    async close() {
      await listener.close();
      await publisher.end();
    },
  };
}

interface ListenerOptions {
  onPayload: (payload: string | undefined) => void;
  /** Listening again after the connection was lost (not on the first connection). */
  onReconnected: () => void;
  heartbeatMs: number;
  heartbeatTimeoutMs: number;
  log?: BusLog;
}

/**
 * A dedicated client that LISTENs, reconnecting with backoff when the connection fails.
 * TCP keep-alive, and a heartbeat: every `heartbeatMs` it NOTIFYs a channel only it
 * listens to and must hear that back within `heartbeatTimeoutMs`, or it ends the
 * connection (found dead, however quietly) and reconnects.
 */
function createListener(connectionString: string, options: ListenerOptions) {
  let closed = false;
  let client: pg.Client | undefined;
  let retryTimer: NodeJS.Timeout | undefined;
  let stopHeartbeat: () => void = () => undefined;
  let failures = 0;
  let everListened = false;
  let lostAt: number | undefined;
  let markReady: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => (markReady = resolve));
  // A channel of this listener's own: no other process hears its heartbeats.
  const heartbeatChannel = `${HUB_CHANNEL}_beat_${crypto.randomBytes(8).toString('hex')}`;

  async function connect() {
    const current = new pg.Client({
      connectionString,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
      connectionTimeoutMillis: 10_000,
      fallback_application_name: LISTENER_APPLICATION_NAME,
    });
    client = current;
    let failed = false;
    let listening = false;
    let beatTimer: NodeJS.Timeout | undefined;
    let awaited: { payload: string; timer: NodeJS.Timeout } | undefined;
    let beats = 0;
    const stopBeating = () => {
      clearInterval(beatTimer);
      clearTimeout(awaited?.timer);
      awaited = undefined;
    };
    const fail = (reason: string) => {
      if (failed) return;
      failed = true;
      stopBeating();
      if (listening && !closed) {
        lostAt = Date.now();
        options.log?.warn({ reason }, 'hub event bus: lost its LISTEN connection; reconnecting');
      }
      if (!closed) current.end().catch(() => undefined);
      scheduleReconnect();
    };
    const beat = () => {
      if (failed || closed || awaited) return; // one heartbeat in flight at a time
      beats += 1;
      const payload = String(beats);
      const timer = setTimeout(
        () => fail(`no heartbeat back within ${options.heartbeatTimeoutMs} ms`),
        options.heartbeatTimeoutMs,
      ).unref();
      awaited = { payload, timer };
      current
        .query('SELECT pg_notify($1, $2)', [heartbeatChannel, payload])
        .catch(() => fail('the heartbeat failed'));
    };
    current.on('error', () => fail('connection error'));
    current.on('end', () => fail('connection ended'));
    current.on('notification', (message) => {
      if (message.channel === HUB_CHANNEL) options.onPayload(message.payload);
      else if (message.channel === heartbeatChannel && awaited && message.payload === awaited.payload) {
        clearTimeout(awaited.timer);
        awaited = undefined;
      }
    });
    try {
      await current.connect();
      await current.query(`LISTEN ${heartbeatChannel}`);
      await current.query(`LISTEN ${HUB_CHANNEL}`);
    } catch {
      fail('could not connect and listen');
    }
    // close() may have run while this connection was being made.
    if (closed) {
      await current.end().catch(() => undefined);
      return;
    }
    if (failed) return;
    listening = true;
    failures = 0;
    if (options.heartbeatMs > 0) {
      beatTimer = setInterval(beat, options.heartbeatMs).unref();
      stopHeartbeat = stopBeating;
    }
    markReady();
    if (everListened) {
      options.log?.warn(
        { downMs: lostAt === undefined ? undefined : Date.now() - lostAt },
        'hub event bus: listening again; events published meanwhile may be lost',
      );
      options.onReconnected();
    }
    everListened = true;
  }

  function scheduleReconnect() {
    if (closed) return;
    const delay = RECONNECT_DELAYS_MS[Math.min(failures, RECONNECT_DELAYS_MS.length - 1)];
    failures += 1;
    retryTimer = setTimeout(() => void connect(), delay);
    retryTimer.unref();
  }

  void connect();
  return {
    ready,
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      stopHeartbeat();
      // A connection gone quiet may never answer the goodbye: do not wait for it long.
      const ended = client?.end().catch(() => undefined);
      await Promise.race([ended, new Promise((resolve) => setTimeout(resolve, 2000).unref())]);
    },
  };
}
