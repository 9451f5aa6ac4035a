// The worker's side of worker-pool.ts: answers each job posted to this thread with the
// handler's result, or with its error's message (marked when the job refused its input).
import { parentPort } from 'node:worker_threads';

/** A job's refusal meant for the user (a Persian sentence): the pool rejects the job with
 *  PoolJobRefused and this message, where another error is only a failure. */
export class JobRefused extends Error {}

export function serveJobs<In, Out>(handler: (input: In) => Out | Promise<Out>) {
  if (!parentPort) throw new Error('serveJobs runs only in a worker thread');
  const port = parentPort;
  port.on('message', async (input: In) => {
    try {
      const value = await handler(input);
      // An answer's bytes are handed over, not copied — unless they share their memory
      // with other buffers (Node's pool of small ones), which handing over would empty.
      const own =
        value instanceof Uint8Array && value.byteOffset === 0 && value.byteLength === value.buffer.byteLength;
      const transfer = own ? [value.buffer as ArrayBuffer] : [];
      port.postMessage({ ok: true, value }, transfer);
    } catch (error) {
      const refused = error instanceof JobRefused;
      port.postMessage({ ok: false, error: (error as Error).message ?? String(error), refused });
    }
  });
}
