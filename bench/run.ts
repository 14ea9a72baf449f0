// `npm run bench [-- name...]`: runs every bench/*.bench.ts, or those whose name contains an argument
// (compiled by tsc first, so the engines run as plain JavaScript), prints each table and writes
// bench/RESULTS.md from the latest result of every section.
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

async function main(): Promise<void> {
  const filters = process.argv.slice(2);
  const files = readdirSync(compiled)
    .filter((f) => f.endsWith('.bench.js'))
    .sort()
    .filter((f) => filters.length === 0 || filters.some((x) => f.includes(x)));
  mkdirSync(resultsDir, { recursive: true });
  for (const f of files) {
    const mod = (await import(pathToFileURL(join(compiled, f)).href)) as { run: () => Promise<BenchSection> };
    process.stderr.write(`bench: ${f} …\n`);
    const section = await mod.run();
    const text = renderSection(section);
    process.stdout.write('\n' + text);
    writeFileSync(join(resultsDir, f.replace(/\.bench\.js$/, '.md')), text);
  }
  writeResults(here);
}

main().catch((e: unknown) => {
  process.stderr.write(String((e as Error)?.stack ?? e) + '\n');
  process.exit(1);
});
