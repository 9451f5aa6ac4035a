// Run by worker-pool.test.ts in a child process whose working folder is not the project's:
// one job through the pool, its answer printed.
import { createWorkerPool } from '../../server/workers/worker-pool';
import type { TestJob } from './worker-pool-jobs';

const pool = createWorkerPool<TestJob, unknown>({
  entry: new URL('./worker-pool-jobs.ts', import.meta.url),
  size: 1,
  timeoutMs: 20_000,
  maxQueue: 1,
});
try {
  process.stdout.write(String(await pool.run({ kind: 'echo', text: 'جای دیگر' })));
} finally {
  await pool.close();
}
