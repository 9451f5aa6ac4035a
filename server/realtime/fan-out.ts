// Sends to many connections without holding the event loop: about 20 µs per delivery,
// so a broadcast to 15,000 sockets in one go would block for ~300 ms.
export const FAN_OUT_CHUNK = 500;

/** Calls `send` for every item, `chunkSize` per turn of the event loop. */
export function forEachInChunks<T>(
  items: T[],
  send: (item: T) => void,
  chunkSize = FAN_OUT_CHUNK,
): Promise<void> {
  return new Promise((resolve) => {
    let next = 0;
    const step = () => {
      const end = Math.min(next + chunkSize, items.length);
      for (; next < end; next++) sendSafely(send, items[next]);
      if (next < items.length) setImmediate(step);
      else resolve();
    };
    step();
  });
}

/** One failing socket must not stop the delivery to the others. */
function sendSafely<T>(send: (item: T) => void, item: T) {
  try {
    send(item);
  } catch {
    /* the socket is gone; its close handler cleans up */
  }
}
