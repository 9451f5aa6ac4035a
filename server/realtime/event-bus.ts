// Carries hub events to every server process: in one process a plain list of
// subscribers; across processes PostgreSQL LISTEN/NOTIFY, so scaling out needs no
// extra component. Delivery is best effort: an event published while a listener is
// reconnecting is lost (clients refetch their counts after reconnecting).
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
  close(): Promise<void>;
}

export interface PostgresEventBus extends EventBus {
  /** Resolves once the listener is LISTENing (retries until then). */
  ready(): Promise<void>;
}

export const HUB_CHANNEL = 'dabir_hub';
/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more. */
export const MAX_PAYLOAD_BYTES = 7900;
const RECONNECT_DELAYS_MS = [250, 1000, 2000, 5000, 10_000, 30_000];

type Handler = (e: HubEvent) => void;

export interface BusOptions {
  /** Called when a subscriber throws; by default a process warning. */
  onHandlerError?: (error: unknown) => void;
}

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

export function createPostgresBus(connectionString: string, options: BusOptions = {}): PostgresEventBus {
  const fanOut = createFanOut(options.onHandlerError);
  // Publishing goes through a small pool: the listener's client is busy listening.
  const publisher = new pg.Pool({ connectionString, max: 2, idleTimeoutMillis: 30_000 });
  publisher.on('error', () => undefined); // an idle client dropped; the pool replaces it
  const listener = createListener(connectionString, (payload) => {
    const event = decodeHubEvent(payload);
    if (event) fanOut.deliver(event);
  });
  return {
    async publish(event) {
      await publisher.query('SELECT pg_notify($1, $2)', [HUB_CHANNEL, encodeHubEvent(event)]);
    },
    subscribe: (handler) => fanOut.add(handler),
    ready: () => listener.ready,
    async close() {
      await listener.close();
      await publisher.end();
    },
  };
}

/** A dedicated client that LISTENs, reconnecting with backoff when the connection fails. */
function createListener(connectionString: string, onPayload: (payload: string | undefined) => void) {
  let closed = false;
  let client: pg.Client | undefined;
  let retryTimer: NodeJS.Timeout | undefined;
  let failures = 0;
  let markReady: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => (markReady = resolve));

  async function connect() {
    const current = new pg.Client({ connectionString });
    client = current;
    let failed = false;
    const fail = () => {
      if (failed) return;
      failed = true;
      if (!closed) current.end().catch(() => undefined);
      scheduleReconnect();
    };
    current.on('error', fail);
    current.on('end', fail);
    current.on('notification', (message) => {
      if (message.channel === HUB_CHANNEL) onPayload(message.payload);
    });
    try {
      await current.connect();
      await current.query(`LISTEN ${HUB_CHANNEL}`);
      failures = 0;
      markReady();
    } catch {
      fail();
    }
    // close() may have run while this connection was being made.
    if (closed) await current.end().catch(() => undefined);
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
      await client?.end().catch(() => undefined);
    },
  };
}
