// A hub method runs fenced to its caller's tenant, as an HTTP handler does: whatever it
// sends to PostgreSQL sees that tenant's rows only (row-level security, tenant-fence.ts).
import { describe, expect, it } from 'vitest';
import { fencedTenant } from '../../server/db/tenant-fence';
import { createInvoker } from '../../server/realtime/hub-methods';
import { MessageType } from '../../server/realtime/hub-protocol';

describe('hub methods', () => {
  it('run inside the caller’s tenant fence', async () => {
    const invoke = createInvoker({ 'tasks.whereAmI': async () => fencedTenant() ?? null }, () => undefined);
    const call = { type: MessageType.Invocation, invocationId: '1', target: 'tasks.whereAmI', arguments: [] };
    const first = await invoke({ userId: 1, tenantId: 7, sessionId: 1 }, call as never);
    const second = await invoke({ userId: 2, tenantId: 9, sessionId: 2 }, call as never);
    expect(first).toMatchObject({ result: 7 });
    expect(second).toMatchObject({ result: 9 });
    expect(fencedTenant()).toBeUndefined();
  });
});
