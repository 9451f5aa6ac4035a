// The one read a cached principal costs (request-auth.ts): its tenant's sign-in epoch.
// Calls that arrive together share it: every call that asks before the next turn of the
// event loop joins one query, sent after all of them arrived — so none is answered with
// an epoch read before it came in (a change committed before a call is always seen), yet
// fifty calls in flight cost one query, not fifty.
import { withTenant } from '../db/tenant-fence';

export type EpochReader = (tenantId: number) => Promise<string | undefined>;

export function createEpochReader(read: (tenantIds: number[]) => Promise<Map<number, string>>): EpochReader {
  let gathering: { tenants: Set<number>; epochs: Promise<Map<number, string>> } | undefined;
  return (tenantId) => {
    if (!gathering) {
      const batch = { tenants: new Set<number>(), epochs: Promise.resolve(new Map<number, string>()) };
      batch.epochs = new Promise((resolve, reject) =>
        setImmediate(() => {
          gathering = undefined; // later calls wait for a read sent after they came
          const tenants = [...batch.tenants];
          // One tenant (the usual case): fenced to it, as the handler will be next.
          const work = () => read(tenants);
          (tenants.length === 1 ? withTenant(tenants[0], work) : work()).then(resolve, reject);
        }),
      );
      gathering = batch;
    }
    gathering.tenants.add(tenantId);
    return gathering.epochs.then((epochs) => epochs.get(tenantId));
  };
}
