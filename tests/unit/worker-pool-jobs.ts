// A worker for worker-pool.test.ts: each job names what the worker should do with it.
import { serveJobs } from '../../server/workers/worker-jobs';

export type TestJob =
  | { kind: 'echo'; text: string }
  | { kind: 'bytes'; length: number }
  | { kind: 'throw'; message: string }
  | { kind: 'spin' }
  | { kind: 'hog' }
  | { kind: 'wait'; ms: number };

const held: unknown[] = [];

serveJobs(async (job: TestJob) => {
  switch (job.kind) {
    case 'echo':
      return `${job.text}!`;
    case 'bytes':
      return new Uint8Array(job.length).fill(7);
    case 'throw':
      throw new Error(job.message);
    case 'spin':
      for (;;);
    case 'hog':
      for (;;) held.push(new Array(1_000_000).fill(held.length));
    case 'wait':
      await new Promise((resolve) => setTimeout(resolve, job.ms));
      return 'waited';
  }
});
