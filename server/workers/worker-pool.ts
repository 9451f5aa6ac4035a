// Work that would hold the server's one thread for seconds (filling a Word template) runs
// in worker threads instead: the other calls of every tenant keep being answered, a job
// that runs too long is stopped, and one that needs more memory than its limit ends its
// worker, not the server. Workers start on the first job and are kept for the next ones.
import { Worker, type ResourceLimits } from 'node:worker_threads';

export interface WorkerPoolOptions {
  /** The module that serves the jobs (worker-jobs.ts `serveJobs`), a .ts file. */
  entry: URL;
  /** At most this many workers, each running one job at a time. */
  size: number;
  /** A job running longer ends its worker and fails with PoolJobFailed. */
  timeoutMs: number;
  /** Jobs waiting for a worker beyond this many fail at once with PoolBusy. */
  maxQueue: number;
  resourceLimits?: ResourceLimits;
}

export interface WorkerPool<In, Out> {
  run(input: In): Promise<Out>;
  /** Ends every worker; jobs still running or waiting fail. */
  close(): Promise<void>;
}

/** Every worker is busy and the queue is full: the caller should say "try again shortly". */
export class PoolBusy extends Error {}
/** The job threw, ran past its time, ran out of memory, or its worker ended. */
export class PoolJobFailed extends Error {}
/** The job refused its input with a message for the user (worker-jobs.ts JobRefused). */
export class PoolJobRefused extends PoolJobFailed {}

interface Job {
  input: unknown;
  resolve(value: unknown): void;
  reject(error: Error): void;
}

interface Slot {
  worker: Worker;
  job?: Job;
  timer?: NodeJS.Timeout;
}

interface Answer {
  ok: boolean;
  value?: unknown;
  error?: string;
  refused?: boolean;
}

// The server runs its TypeScript through tsx, whose loader a new thread does not inherit:
// the worker registers it first, then imports its entry. Resolved here, from this file: a
// bare 'tsx/esm/api' in the evaluated code resolves from the process's working folder, and a
// server started elsewhere (probe: cwd /tmp/…) could print nothing — every template
// «قابل استفاده نیست».
const TSX_API = import.meta.resolve('tsx/esm/api');
const bootstrap = (entry: URL) =>
  `import(${JSON.stringify(TSX_API)}).then(({ register }) => { register(); return import(${JSON.stringify(entry.href)}); });`;

const failure = (answer: Answer) =>
  answer.refused ? new PoolJobRefused(answer.error ?? '') : new PoolJobFailed(answer.error ?? 'failed');

export function createWorkerPool<In, Out>(options: WorkerPoolOptions): WorkerPool<In, Out> {
  const slots = new Set<Slot>();
  const queue: Job[] = [];
  let closed = false;

  function finish(slot: Slot, settle: (job: Job) => void) {
    const job = slot.job;
    clearTimeout(slot.timer);
    slot.job = undefined;
    slot.timer = undefined;
    if (job) settle(job);
  }

  /** Drops a worker that timed out, failed or exited; its job (if any) fails. */
  async function retire(slot: Slot, reason: string) {
    if (!slots.delete(slot)) return;
    finish(slot, (job) => job.reject(new PoolJobFailed(reason)));
    next();
    await slot.worker.terminate();
  }

  function startWorker(): Slot {
    const worker = new Worker(bootstrap(options.entry), {
      eval: true,
      resourceLimits: options.resourceLimits,
    });
    worker.unref(); // an idle worker must not keep the process alive
    const slot: Slot = { worker };
    worker.on('message', (answer: Answer) => {
      finish(slot, (job) => (answer.ok ? job.resolve(answer.value) : job.reject(failure(answer))));
      next();
    });
    worker.on('error', (error) => void retire(slot, error.message));
    worker.on('exit', (code) => void retire(slot, `the worker exited (${code})`));
    slots.add(slot);
    return slot;
  }

  function give(slot: Slot, job: Job) {
    slot.job = job;
    slot.timer = setTimeout(() => void retire(slot, 'the job ran past its time'), options.timeoutMs);
    slot.worker.postMessage(job.input);
  }

  /** Hands waiting jobs to idle workers, starting workers up to the pool's size. */
  function next() {
    while (queue.length && !closed) {
      const idle = [...slots].find((slot) => !slot.job);
      const slot = idle ?? (slots.size < options.size ? startWorker() : undefined);
      if (!slot) return;
      give(slot, queue.shift()!);
    }
  }

  return {
    run(input: In) {
      if (closed) return Promise.reject(new PoolJobFailed('the pool is closed'));
      if (queue.length >= options.maxQueue) return Promise.reject(new PoolBusy('every worker is busy'));
      return new Promise<Out>((resolve, reject) => {
        queue.push({ input, resolve: resolve as (value: unknown) => void, reject });
        next();
      });
    },
    async close() {
      closed = true;
      for (const job of queue.splice(0)) job.reject(new PoolJobFailed('the pool is closed'));
      await Promise.all([...slots].map((slot) => retire(slot, 'the pool is closed')));
    },
  };
}
