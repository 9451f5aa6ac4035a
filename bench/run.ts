// npm run bench: throughput and latency of the hot API calls, on PGlite and (when
// BENCH_DATABASE_URL is set) on PostgreSQL. Each engine gets a scratch database seeded
// by bench/seed.ts, then the real server (server/main.ts) in its own process; the load
// comes from this process through autocannon. See docs/benchmarks.md.
//
//   BENCH_SECONDS=10 BENCH_CONNECTIONS=20 BENCH_WARMUP=1 BENCH_USERS=200 BENCH_CUSTOMERS=20000
//   BENCH_PGLITE_CUSTOMERS=100000   the embedded engine's customers (default: BENCH_CUSTOMERS, at most 100,000)
//   BENCH_DATABASE_URL=postgres://user@127.0.0.1:5432/db   also run on PostgreSQL
//   BENCH_POSTGRES_COMPARE=100000   PostgreSQL also at this many customers, first (the scaling ratio)
//   BENCH_PGLITE=off        skip the embedded engine
//   BENCH_ONLY=menu/list,link/list   measure only these calls
//   BENCH_PAGES=off         skip the page weight (Chromium over the built client)
//   BENCH_HUB=off           skip the real-time hub (PostgreSQL only); BENCH_HUB_CONNECTIONS=10000
//   BENCH_WRITE_DOCS=off    leave docs/benchmarks.md alone
//   BENCH_MAX_REQUESTS=500000   cap per measured run (the duration ends it first as a rule)
import fs from 'node:fs';
import path from 'node:path';
import { CALLS, type Call } from './calls';
import { getJson, measure, sampleProblem, signInAdmin, type LoadOptions } from './load';
import {
  consoleTable,
  ENGINE_TITLE,
  scalingSection,
  machine,
  replaceDocsSection,
  updateDocs,
  type EngineRun,
  type RunSettings,
} from './report';
import { measurePageWeights, pageWeightSection } from './page-weight';
import { hubSection, measureHub } from './hub';
import {
  createScratchDatabase,
  freePort,
  REPO_ROOT,
  runScript,
  scratchDataDir,
  serverEnv,
  ServerStartError,
  startServer,
  type Engine,
} from './server';
import type { SeedSummary } from './seed';

function numberSetting(name: string, fallback: number, min: number, max: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < min || value > max) {
    throw new Error(`${name} must be a number from ${min} to ${max}, got "${raw}"`);
  }
  return value;
}

const off = (name: string) => ['off', 'false', '0', 'no'].includes((process.env[name] ?? '').toLowerCase());

const settings: RunSettings & {
  users: number;
  customers: number;
  /** The embedded engine is for one small organisation: it gets at most 100,000 unless told. */
  pgliteCustomers: number;
  maxRequests: number;
  startTimeoutMs: number;
  /** PostgreSQL also at this many customers (0: not), for the ratio of throughput by size. */
  compareCustomers: number;
} = {
  seconds: numberSetting('BENCH_SECONDS', 10, 1, 300),
  connections: Math.round(numberSetting('BENCH_CONNECTIONS', 20, 1, 1000)),
  warmupSeconds: numberSetting('BENCH_WARMUP', 1, 0, 60),
  users: Math.round(numberSetting('BENCH_USERS', 200, 0, 100_000)),
  customers: Math.round(numberSetting('BENCH_CUSTOMERS', 20_000, 0, 2_000_000)),
  pgliteCustomers: Math.round(
    numberSetting(
      'BENCH_PGLITE_CUSTOMERS',
      Math.min(Number(process.env.BENCH_CUSTOMERS || 20_000), 100_000),
      0,
      2_000_000,
    ),
  ),
  maxRequests: Math.round(numberSetting('BENCH_MAX_REQUESTS', 500_000, 1, 100_000_000)),
  startTimeoutMs: numberSetting('BENCH_START_TIMEOUT', 90, 5, 600) * 1000,
  compareCustomers: Math.round(numberSetting('BENCH_POSTGRES_COMPARE', 0, 0, 2_000_000)),
};

const only = (process.env.BENCH_ONLY ?? '')
  .split(',')
  .map((s) => s.trim().toLowerCase())
  .filter(Boolean);
const calls: Call[] = only.length ? CALLS.filter((c) => only.includes(c.name.toLowerCase())) : CALLS;
/** One engine at one size, with the section of docs/benchmarks.md its figures go to. */
interface Plan {
  engine: Engine;
  customers: number;
  /** Letters of the demo tenant, when not BENCH_LETTERS (the smaller PostgreSQL run). */
  letters?: number;
  title: string;
  section: string;
}
const plans: Plan[] = [
  ...(off('BENCH_PGLITE')
    ? []
    : [
        {
          engine: 'pglite' as const,
          customers: settings.pgliteCustomers,
          title: ENGINE_TITLE.pglite,
          section: 'pglite',
        },
      ]),
  ...(process.env.BENCH_DATABASE_URL && settings.compareCustomers
    ? [
        {
          engine: 'postgres' as const,
          customers: settings.compareCustomers,
          letters: settings.compareCustomers,
          title: `${ENGINE_TITLE.postgres}, ${settings.compareCustomers.toLocaleString('en-US')} customers`,
          section: 'postgres-compare',
        },
      ]
    : []),
  ...(process.env.BENCH_DATABASE_URL
    ? [
        {
          engine: 'postgres' as const,
          customers: settings.customers,
          title: ENGINE_TITLE.postgres,
          section: 'postgres',
        },
      ]
    : []),
];
const docsFile = path.join(REPO_ROOT, 'docs', 'benchmarks.md');

/** Undone in reverse order at the end, on failure and on Ctrl-C. */
const cleanups: (() => Promise<void> | void)[] = [];
async function cleanUp() {
  while (cleanups.length) {
    try {
      await cleanups.pop()!();
    } catch (error) {
      console.error(`cleanup: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping the server and removing scratch data…`);
    void cleanUp().then(() => process.exit(130));
  });
}

async function runEngine({ engine, customers, letters, title, section }: Plan): Promise<EngineRun> {
  const mark = cleanups.length;
  try {
    const dataDir = scratchDataDir();
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    let databaseUrl: string | undefined;
    if (engine === 'postgres') {
      const scratch = await createScratchDatabase(process.env.BENCH_DATABASE_URL!);
      cleanups.push(scratch.drop);
      databaseUrl = scratch.url;
      console.log(`  scratch database ${scratch.name}`);
    }
    const env = serverEnv({ port: await freePort(), dataDir, databaseUrl });

    console.log(`  seeding ${settings.users} users and ${customers} customers…`);
    const seedOutput = await runScript(
      'bench/seed.ts',
      {
        ...env,
        BENCH_USERS: String(settings.users),
        BENCH_CUSTOMERS: String(customers),
        ...(letters === undefined ? {} : { BENCH_LETTERS: String(letters) }),
      },
      1_800_000,
    );
    const seed = JSON.parse(seedOutput.trim().split('\n').pop()!) as SeedSummary;

    console.log('  starting the server…');
    const server = await startServer(env, { timeoutMs: settings.startTimeoutMs, cwd: dataDir });
    cleanups.push(server.stop);
    const { token } = await signInAdmin(server.baseUrl);
    const options: LoadOptions = { ...settings, token };

    const run: EngineRun = {
      engine,
      title,
      section,
      skipped: [],
      measurements: [],
      startupMs: server.startupMs,
      seed,
      problems: [],
    };
    for (const listed of calls) {
      const call = listed.resolve
        ? { ...listed, body: await listed.resolve((path) => getJson(server.baseUrl, path, token)) }
        : listed;
      const problem = await sampleProblem(server.baseUrl, call, token).catch((error: unknown) =>
        String(error),
      );
      if (problem) {
        console.log(`  ${call.name}: NOT measured, the sample answer was ${problem}`);
        run.skipped.push({ call: call.name, reason: problem });
        continue;
      }
      process.stdout.write(`  ${call.name}: ${settings.seconds} s × ${settings.connections} connections… `);
      const m = await measure(server.baseUrl, call, options, server.cpuSeconds);
      console.log(`${Math.round(m.requestsPerSecond)} req/s, p99 ${m.p99} ms`);
      run.measurements.push(m);
    }
    run.peakRssMiB = server.peakRssMiB();
    run.problems = server.problems.map((p) => `${p.level >= 50 ? 'error' : 'warn'}: ${p.msg}`);
    return run;
  } finally {
    while (cleanups.length > mark) {
      try {
        await cleanups.pop()!();
      } catch (error) {
        console.error(`cleanup: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  }
}

async function main(): Promise<number> {
  // With no engine, only the page weight is measured (BENCH_PGLITE=off and no database).
  if (!plans.length && off('BENCH_PAGES'))
    throw new Error('Nothing to run: BENCH_PGLITE=off, no BENCH_DATABASE_URL and BENCH_PAGES=off.');
  if (!calls.length)
    throw new Error(`BENCH_ONLY names no known call; known: ${CALLS.map((c) => c.name).join(', ')}`);
  const m = machine();
  console.log(
    `Dabir bench — ${m.date}, ${m.cores} cores, ${m.memoryGiB.toFixed(1)} GiB, Node ${m.node}; ` +
      `${settings.seconds} s × ${settings.connections} connections per call; runs: ${plans.map((p) => p.title).join('; ') || 'page weight only'}`,
  );
  let exitCode = 0;
  const runs: EngineRun[] = [];
  for (const plan of plans) {
    console.log(`\n${plan.title}`);
    try {
      runs.push(await runEngine(plan));
    } catch (error) {
      exitCode = 1;
      const what = error instanceof ServerStartError ? 'the server failed to start' : 'the run failed';
      console.error(`${plan.title}: ${what}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  if (process.env.BENCH_DATABASE_URL && !off('BENCH_HUB') && !only.length) {
    const wanted = Math.round(numberSetting('BENCH_HUB_CONNECTIONS', 10_000, 1, 100_000));
    console.log(`\nReal-time hub: ${wanted} connections on PostgreSQL…`);
    try {
      const section = hubSection(await measureHub(process.env.BENCH_DATABASE_URL, wanted), m.date);
      console.log(section);
      if (!off('BENCH_WRITE_DOCS')) await replaceDocsSection(docsFile, 'hub', section);
    } catch (error) {
      exitCode = 1;
      console.error(`hub: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  if (!off('BENCH_PAGES') && !only.length) {
    console.log('\nPage weight (Chromium, built client)…');
    try {
      const section = pageWeightSection(await measurePageWeights(), m.date);
      console.log(section);
      if (!off('BENCH_WRITE_DOCS')) await replaceDocsSection(docsFile, 'pages', section);
    } catch (error) {
      exitCode = 1;
      console.error(`page weight: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  const small = runs.find((run) => run.section === 'postgres-compare');
  const large = runs.find((run) => run.section === 'postgres');
  if (small && large && !off('BENCH_WRITE_DOCS') && !only.length) {
    const section = scalingSection(small, large, m.date);
    console.log(`\n${section}`);
    await replaceDocsSection(docsFile, 'postgres-scaling', section);
  }
  for (const run of runs) {
    console.log(`\n${consoleTable(run)}`);
    if (run.skipped.length) exitCode = exitCode || 2;
    else if (!off('BENCH_WRITE_DOCS') && !only.length) {
      await updateDocs(docsFile, run, settings);
      console.log(`(written to ${path.relative(process.cwd(), docsFile)})`);
    }
  }
  return exitCode;
}

void main()
  .catch(async (error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    return 1;
  })
  .then(async (code) => {
    await cleanUp();
    process.exit(code);
  });
