// `npm run bench [-- name...]`: runs every bench/*.bench.ts, or those whose name contains an argument
// (compiled by tsc first, so the engines run as plain JavaScript), prints each table and writes
// bench/RESULTS.md from the latest result of every section. Each section runs in a Node process of its own: in
// one process for all, a section ran on the heap the sections before it left (a stall section after the fleet
// sections measured pauses of the collector sweeping their garbage), so its figures depended on the order.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { fmtMs, writeResults } from './harness.js';
import type { BenchSection } from './types.js';

// Runs from the compiled copy in .bench-build/bench; results go to the source bench/ folder.
const compiled = dirname(fileURLToPath(import.meta.url));
const here = join(compiled, '..', '..', 'bench');
const resultsDir = join(here, 'results');

function machine(): string {
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  return `${cpu}, ${os.cpus().length} cores, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, ${os.platform()} ${os.arch()}`;
}

export function renderSection(s: BenchSection): string {
  const lines = [
    `## ${s.title}`,
    '',
    `Machine: ${machine()}; measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC.`,
    '',
  ];
  lines.push('| what | median | baseline (same process) | ratio | target | met | note |');
  lines.push('|---|---:|---|---:|---|---|---|');
  for (const r of s.rows) {
    const x = r.baseline ? r.baseline.medianMs / r.medianMs : 0;
    const ratio = !r.baseline ? '' : x >= 1 ? `${x.toFixed(2)}× faster` : `${(1 / x).toFixed(2)}× slower`;
    const base = r.baseline ? `${r.baseline.name}: ${fmtMs(r.baseline.medianMs)}` : '';
    const met = r.met === undefined ? '' : r.met ? 'yes' : '**no**';
    lines.push(
      `| ${r.name} | ${fmtMs(r.medianMs)} | ${base} | ${ratio} | ${r.target ?? ''} | ${met} | ${r.note ?? ''} |`,
    );
  }
  if (s.notes?.length) lines.push('', ...s.notes.map((n) => `- ${n}`));
  return lines.join('\n') + '\n';
}

/** Runs one section (in this process) and writes its table to bench/results. */
async function runSection(f: string): Promise<void> {
  const mod = (await import(pathToFileURL(join(compiled, f)).href)) as { run: () => Promise<BenchSection> };
  const text = renderSection(await mod.run());
  process.stdout.write('\n' + text);
  writeFileSync(join(resultsDir, f.replace(/\.bench\.js$/, '.md')), text);
}

/** The flag that makes this script run one section itself, in the process started for it. */
const ONE = '--section';

async function main(): Promise<void> {
  mkdirSync(resultsDir, { recursive: true });
  if (process.argv[2] === ONE) return runSection(process.argv[3]);
  const filters = process.argv.slice(2);
  const files = readdirSync(compiled)
    .filter((f) => f.endsWith('.bench.js'))
    .sort()
    .filter((f) => filters.length === 0 || filters.some((x) => f.includes(x)));
  for (const f of files) {
    process.stderr.write(`bench: ${f} …\n`);
    const r = spawnSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), ONE, f], {
      stdio: 'inherit',
    });
    if (r.status !== 0) throw new Error(`bench: ${f} failed (exit ${r.status ?? r.signal})`);
  }
  writeResults(here);
}

main().catch((e: unknown) => {
  process.stderr.write(String((e as Error)?.stack ?? e) + '\n');
  process.exit(1);
});
