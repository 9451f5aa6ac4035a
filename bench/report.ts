// Formats the figures: a table on the console and, per engine, a section of
// docs/benchmarks.md between markers (the prose around them is written by hand).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import * as prettier from 'prettier';
import os from 'node:os';
import path from 'node:path';
import type { Measurement } from './load';
import type { Engine } from './server';

export interface EngineRun {
  engine: Engine;
  /** The heading of its section, and the section's marker name in docs/benchmarks.md. */
  title: string;
  section: string;
  /** Calls that could not be measured, with the reason. */
  skipped: { call: string; reason: string }[];
  measurements: Measurement[];
  startupMs: number;
  peakRssMiB?: number;
  seed: { users: number; links: number; customers: number; ms: number };
  /** Warnings and errors the server logged during the run. */
  problems: string[];
}

export interface RunSettings {
  seconds: number;
  connections: number;
  warmupSeconds: number;
}

export const ENGINE_TITLE: Record<Engine, string> = { pglite: 'PGlite (embedded)', postgres: 'PostgreSQL' };

export function machine() {
  let date = new Date().toISOString().slice(0, 10);
  try {
    date = execFileSync('date', ['+%Y-%m-%d'], { encoding: 'utf8' }).trim();
  } catch {
    /* keep the ISO date */
  }
  const cpus = os.cpus();
  return {
    date,
    cores: os.availableParallelism?.() ?? cpus.length,
    cpuModel: cpus[0]?.model.trim() ?? 'unknown',
    memoryGiB: os.totalmem() / 1024 ** 3,
    node: process.version,
    platform: `${os.type()} ${os.release()}`,
  };
}

const fmt = (value: number, digits = 0) =>
  value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const cores = (value: number | undefined) => (value === undefined ? '—' : fmt(value, 2));
const ms = (value: number) => (value < 10 ? fmt(value, 1) : fmt(value));

const HEADER = [
  'call',
  'requests/s',
  'p50 ms',
  'p99 ms',
  'requests',
  'errors / non-2xx / status≠1',
  'CPU server',
  'CPU database',
  'CPU bench',
  'CPU other',
];

function rows(run: EngineRun): string[][] {
  return [
    ...run.measurements.map((m) => [
      m.call,
      fmt(m.requestsPerSecond, m.requestsPerSecond < 100 ? 1 : 0),
      ms(m.p50),
      ms(m.p99),
      fmt(m.requests),
      `${m.errors} / ${m.non2xx} / ${m.notOk}`,
      cores(m.serverCores),
      run.engine === 'postgres' ? cores(m.databaseCores) : 'in server',
      cores(m.benchCores),
      cores(m.otherCores),
    ]),
    ...run.skipped.map((s) => [
      s.call,
      'not measured',
      '',
      '',
      '',
      s.reason.split('\n')[0].slice(0, 80),
      '',
      '',
      '',
      '',
    ]),
  ];
}

/** The same calls on one engine at two sizes: throughput at the larger ÷ at the smaller. */
export function scalingSection(small: EngineRun, large: EngineRun, date: string): string {
  const header = [
    'call',
    `req/s at ${fmt(small.seed.customers)}`,
    `req/s at ${fmt(large.seed.customers)}`,
    'ratio',
    `p99 ms at ${fmt(small.seed.customers)}`,
    `p99 ms at ${fmt(large.seed.customers)}`,
  ];
  const body = large.measurements.flatMap((big) => {
    const little = small.measurements.find((m) => m.call === big.call);
    if (!little) return [];
    return [
      [
        big.call,
        fmt(little.requestsPerSecond),
        fmt(big.requestsPerSecond),
        fmt(big.requestsPerSecond / little.requestsPerSecond, 2),
        ms(little.p99),
        ms(big.p99),
      ],
    ];
  });
  const align = header.map((_, i) => (i === 0 ? '---' : '---:'));
  const table = [header, align, ...body].map((row) => `| ${row.join(' | ')} |`).join('\n');
  return [
    `### ${large.title}: ${fmt(large.seed.customers)} customers against ${fmt(small.seed.customers)} (${date})`,
    '',
    `The same calls in the same run, on the same machine; the ratio is throughput at ${fmt(large.seed.customers)} ÷ throughput at ${fmt(small.seed.customers)} customers.`,
    '',
    table,
  ].join('\n');
}

/** Calls during which other work on the machine took more than a quarter of a core. */
export function disturbedCalls(run: EngineRun): string[] {
  return run.measurements
    .filter((m) => (m.otherCores ?? 0) > 0.25)
    .map((m) => `${m.call} (${fmt(m.otherCores!, 2)} cores)`);
}

export function consoleTable(run: EngineRun): string {
  const all = [HEADER, ...rows(run)];
  const widths = HEADER.map((_, i) => Math.max(...all.map((row) => [...row[i]].length)));
  const line = (row: string[]) =>
    row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ');
  return [
    `${run.title} — started in ${fmt(run.startupMs / 1000, 1)} s, peak RSS ${run.peakRssMiB === undefined ? '?' : fmt(run.peakRssMiB)} MiB`,
    line(HEADER),
    ...all.slice(1).map(line),
    ...(run.problems.length
      ? [`server logged ${run.problems.length} warning(s)/error(s), first: ${run.problems[0]}`]
      : []),
    ...(disturbedCalls(run).length
      ? [
          `WARNING: other work on the machine competed for the CPU during ${disturbedCalls(run).join(', ')}: those figures are low; run again on a quiet machine.`,
        ]
      : []),
  ].join('\n');
}

function markdownSection(run: EngineRun, settings: RunSettings): string {
  const m = machine();
  const align = HEADER.map((_, i) => (i === 0 ? '---' : '---:'));
  const table = [HEADER, align, ...rows(run)].map((row) => `| ${row.join(' | ')} |`).join('\n');
  const notes = [
    `Measured ${m.date} on ${m.cores} cores (${m.cpuModel}), ${fmt(m.memoryGiB, 1)} GiB, Node ${m.node}, ${m.platform}; ` +
      `${settings.seconds} s per call after ${settings.warmupSeconds} s of warm-up, ${settings.connections} connections; ` +
      `demo tenant with ${run.seed.users} extra users, ${fmt(run.seed.links)} links and ${fmt(run.seed.customers)} customers (seeded in ${fmt(run.seed.ms / 1000, 1)} s).`,
    `Server started in ${fmt(run.startupMs / 1000, 1)} s on the seeded database; peak RSS of the server process ` +
      `${run.peakRssMiB === undefined ? 'not measured' : `${fmt(run.peakRssMiB)} MiB`}.`,
    run.problems.length
      ? `The server logged ${run.problems.length} warning(s)/error(s); first: \`${run.problems[0].replace(/`/g, "'")}\`.`
      : 'The server logged no warnings or errors.',
    ...(disturbedCalls(run).length
      ? [`Other work on the machine competed for the CPU during ${disturbedCalls(run).join(', ')}.`]
      : []),
  ];
  return [`### ${run.title}`, '', notes.join(' '), '', table].join('\n');
}

/** Replaces the engine's section between its markers, or appends it when absent. */
/** Writes the engine's section into the figures file, formatted as `npm test` checks it (prettier). */
export async function updateDocs(file: string, run: EngineRun, settings: RunSettings) {
  await replaceDocsSection(file, run.section, markdownSection(run, settings));
}

/** Writes `body` between the file's `<!-- bench:{name}:start/end -->` markers (appended
 *  the first time), formatted as the repository formats Markdown. */
export async function replaceDocsSection(file: string, name: string, body: string) {
  const start = `<!-- bench:${name}:start -->`;
  const end = `<!-- bench:${name}:end -->`;
  const section = `${start}\n${body}\n${end}`;
  let text = fs.existsSync(file)
    ? fs.readFileSync(file, 'utf8')
    : '# Benchmarks\n\nFigures written by `npm run bench`.\n';
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  if (from >= 0 && to > from) text = text.slice(0, from) + section + text.slice(to + end.length);
  else text = `${text.trimEnd()}\n\n${section}\n`;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const options = (await prettier.resolveConfig(file)) ?? {};
  fs.writeFileSync(file, await prettier.format(text, { ...options, filepath: file }));
}
