// The real @microsoft/signalr client as the hub tests use it: a connection to a test
// server's hub over WebSockets, the next call of a method it hears, its close.
import { HttpTransportType, HubConnectionBuilder, LogLevel, type HubConnection } from '@microsoft/signalr';

/** A connection (not started) to the notification hub at `baseUrl` with this session. */
export function hubClient(baseUrl: string, token: string, reconnect = false): HubConnection {
  const builder = new HubConnectionBuilder()
    .withUrl(`${baseUrl}/hubs/notification`, {
      accessTokenFactory: () => token,
      transport: HttpTransportType.WebSockets,
    })
    .configureLogging(LogLevel.None);
  return (reconnect ? builder.withAutomaticReconnect([0, 60_000]) : builder).build();
}

/** A started connection. */
export async function startedHubClient(baseUrl: string, token: string): Promise<HubConnection> {
  const connection = hubClient(baseUrl, token);
  await connection.start();
  return connection;
}

/** The argument of the next call of `target` the connection hears. */
export function nextCall<T>(connection: HubConnection, target: string): Promise<T> {
  return new Promise((resolve) => {
    const handler = (value: T) => {
      connection.off(target, handler);
      resolve(value);
    };
    connection.on(target, handler);
  });
}

/** Resolves when the connection closes, with the error it closed with. */
export function closed(connection: HubConnection): Promise<Error | undefined> {
  return new Promise((resolve) => connection.onclose(resolve));
}

/** Waits until `check` holds, polling every 10 ms; throws after `timeoutMs`. */
export async function waitFor(check: () => boolean, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
