// The one read a cached principal costs (request-auth.ts): its tenant's epochs (the
// sign-in epoch, and the menu's, which the menu call reads from the same batch).
// Calls share it: one read is in flight at a time, and every call that asks meanwhile
// joins the next one, sent when that read has come back (and after the event loop's turn)
// — so none is answered with an epoch read sent before it came in (a change committed
// before a call is always seen), yet the calls of a busy moment cost one query, not one
// each. Under load a read waits in the pool's queue like any statement: sent once per turn
// of the event loop, it took 0.38 of a round trip per list call at 50 connections, and
// each call waited in the queue twice.
import { withTenant } from '../db/tenant-fence';

export type EpochReader<T> = (tenantId: number) => Promise<T | undefined>;

interface Batch<T> {
  tenants: Set<number>;
  epochs: Promise<Map<number, T>>;
}

export function createEpochReader<T>(read: (tenantIds: number[]) => Promise<Map<number, T>>): EpochReader<T> {
  /** The calls waiting for the next read (not sent yet). */
  let gathering: Batch<T> | undefined;
  /** The read on its way, until it settles. */
  let onItsWay: Promise<unknown> | undefined;
  const send = (batch: Batch<T>) => {
    gathering = undefined; // later calls wait for a read sent after they came
    const tenants = [...batch.tenants];
    // One tenant (the usual case): fenced to it, as the handler will be next.
    const work = () => read(tenants);
    const sent = tenants.length === 1 ? withTenant(tenants[0], work) : work();
    onItsWay = sent;
    const settled = () => {
      if (onItsWay === sent) onItsWay = undefined;
    };
    sent.then(settled, settled);
    return sent;
  };
  return (tenantId) => {
    if (!gathering) {
      const batch: Batch<T> = { tenants: new Set<number>(), epochs: Promise.resolve(new Map()) };
      const previous = onItsWay;
      batch.epochs = new Promise((resolve, reject) => {
        const go = () => setImmediate(() => send(batch).then(resolve, reject));
        if (previous) previous.then(go, go);
        else go();
      });
      gathering = batch;
    }
    gathering.tenants.add(tenantId);
    return gathering.epochs.then((epochs) => epochs.get(tenantId));
  };
}
