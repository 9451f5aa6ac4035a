// A stand-in for the server's notification hub in the client tests: msw answers negotiate
// (with a chosen status) and plays the hub's side of the WebSocket (handshake, pushes, close
// messages), so the page's own hub module runs the real @microsoft/signalr client against it.
// The library decides it runs in Node when process.release says so, and then refuses
// relative URLs and takes the `ws` package instead of the page's WebSocket; `asBrowser`
// makes it take the jsdom window's, which msw intercepts, as a browser's would be.
import { http, HttpResponse, ws } from 'msw';
import type { WebSocketClientConnectionProtocol } from '@mswjs/interceptors/WebSocket';

const RS = '\x1e';

/** Until the returned function is called, the SignalR library sees a browser. */
export function asBrowser(): () => void {
  const release = process.release;
  Object.defineProperty(process, 'release', { value: { ...release, name: 'browser' }, configurable: true });
  return () => Object.defineProperty(process, 'release', { value: release, configurable: true });
}

export interface FakeHub {
  handlers: ReturnType<typeof http.post>[];
  /** The Authorization header of every negotiate, in order. */
  negotiations: string[];
  /** The status negotiate answers (200: a connection). */
  status: number;
  /** Open sockets that completed the handshake. */
  clients: Set<WebSocketClientConnectionProtocol>;
  push(target: string, ...args: unknown[]): void;
  /** Closes every socket with a hub close message (as the server's revocation does). */
  closeWith(message: { error?: string; allowReconnect?: boolean }): void;
  /** Drops every socket without a word (a lost network). */
  drop(): void;
}

export function fakeHub(): FakeHub {
  const link = ws.link('ws://localhost:3000/hubs/notification*');
  const hub: FakeHub = {
    handlers: [],
    negotiations: [],
    status: 200,
    clients: new Set(),
    push(target, ...args) {
      for (const client of hub.clients)
        client.send(JSON.stringify({ type: 1, target, arguments: args }) + RS);
    },
    closeWith(message) {
      for (const client of hub.clients) {
        client.send(JSON.stringify({ type: 7, ...message }) + RS);
        // As a socket would: the message reaches the page before the close (msw delivers
        // a sent message a moment later).
        setTimeout(() => client.close(), 50);
      }
      hub.clients.clear();
    },
    drop() {
      for (const client of hub.clients) client.close(4000, 'dropped');
      hub.clients.clear();
    },
  };
  const negotiate = http.post('*/hubs/notification/negotiate', ({ request }) => {
    hub.negotiations.push(request.headers.get('authorization') ?? '');
    if (hub.status !== 200)
      return HttpResponse.json({ status: 0, message: 'refused' }, { status: hub.status });
    return HttpResponse.json({
      connectionId: `c${hub.negotiations.length}`,
      connectionToken: `t${hub.negotiations.length}`,
      negotiateVersion: 1,
      availableTransports: [{ transport: 'WebSockets', transferFormats: ['Text'] }],
    });
  });
  const sockets = link.addEventListener('connection', ({ client }) => {
    client.addEventListener('message', (event) => {
      if (!String(event.data).includes('"protocol"')) return;
      client.send('{}' + RS); // the handshake's answer
      hub.clients.add(client);
    });
    client.addEventListener('close', () => hub.clients.delete(client));
  });
  hub.handlers = [negotiate, sockets as unknown as ReturnType<typeof http.post>];
  return hub;
}
