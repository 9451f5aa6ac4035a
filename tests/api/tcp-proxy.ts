// A TCP proxy to PostgreSQL for tests of lost connections: its connections so far can be
// silenced (no byte passes either way any more, yet neither end sees a close — a proxy or
// NAT that lost its state) or reset (both ends cut at once, mid-query or not). Connections
// made afterwards pass.
import net from 'node:net';

export async function postgresProxy(host: string, port: number) {
  const pairs: [net.Socket, net.Socket][] = [];
  const silenced: net.Socket[] = [];
  const server = net.createServer((downstream) => {
    const upstream = net.connect(port, host);
    for (const socket of [downstream, upstream]) socket.on('error', () => undefined);
    downstream.pipe(upstream);
    upstream.pipe(downstream);
    pairs.push([downstream, upstream]);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    silence() {
      for (const [downstream, upstream] of pairs.splice(0)) {
        downstream.unpipe(upstream);
        upstream.unpipe(downstream);
        downstream.pause();
        upstream.pause();
        silenced.push(downstream, upstream);
      }
    },
    reset() {
      for (const socket of pairs.splice(0).flat()) socket.resetAndDestroy();
    },
    async close() {
      for (const socket of [...silenced, ...pairs.flat()]) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** `url` with its host and port those of the proxy. */
export function throughProxy(url: string, proxyPort: number): string {
  const via = new URL(url);
  via.hostname = '127.0.0.1';
  via.port = String(proxyPort);
  return via.toString();
}
