// `npm run bench:open-plan [-- --samples N] [-- CLASS...]`: the plan of the 8×8 open tour count, measured
// class by class of where the tours' ends lie (see endsClasses in src/tour/count-cross.ts). For each class it
// builds the parts' tables (or takes them, or their mirror images, from the tables kept for earlier classes,
// within the bytes a worker keeps) and counts two samples of its join, each a 1/SAMPLES share spread over its keys; the
// class's join then takes about the samples' mean × SAMPLES. Two processes, one a core; the results go to
// bench/results/tour-open-plan.md (and bench/RESULTS.md). A run takes about an hour here.
import { fork } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { writeResults } from './harness.js';
import os from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { finishedValue, job } from '../src/core/job.js';
import { parsePiece } from '../src/pieces/piece.js';
import {
  CrossSearch,
  CrossParts,
  crossJoinSteps,
  endsClasses,
  PART_TABLES_BYTES,
  type EndsClassShare,
} from '../src/tour/count-cross.js';
import { CLASS_SHARDS } from '../src/tour/count-shards.js';

const W = 8,
  H = 8;
const piece = parsePiece('knight');

/** One class measured. */
interface ClassRow {
  index: number;
  process: number;
  states: [number, number];
  /** Seconds to build the class's tables (those not kept from earlier classes). */
  tables: number;
  /** Seconds of each sample of the join. */
  samples: number[];
  count: string[];
  /** Resident memory after the class, and the process's peak so far (bytes). */
  rss: number;
  maxRss: number;
}

/** A part's squares by their board names (the bottom's turned back by the half turn). */
function squares(ends: EndsClassShare['ends']): string {
  const file = 'abcdefgh';
  const top = ends.top.map((i) => `${file[i % W]}${Math.floor(i / W) + 1}`);
  const bottom = ends.bottom.map((i) => `${file[W - 1 - (i % W)]}${H - Math.floor(i / W)}`);
  const all = [...top, ...bottom];
  return all.length === 0 ? 'none inside' : all.join('–');
}

/** A child: measures the classes the parent hands it, one at a time. */
function child(samples: number, keepBytes: number): void {
  const classes = endsClasses(W, H, piece);
  const parts = new CrossParts(keepBytes);
  const id = Number(process.env.PLAN_PROCESS ?? 0);
  process.on('message', (m: { index: number | null }) => {
    if (m.index === null) process.exit(0);
    const c = classes[m.index];
    const t0 = performance.now();
    const cj = new CrossSearch(W, H, piece, false, c.ends, parts);
    const t = finishedValue(job((ctl) => cj.steps(ctl)).runSync());
    const tables = (performance.now() - t0) / 1000;
    const times: number[] = [],
      count: string[] = [];
    for (let k = 0; k < 2; k++) {
      const s0 = performance.now();
      const r = finishedValue(job((ctl) => crossJoinSteps(t, Math.floor((k * samples) / 2), samples, ctl)).runSync());
      times.push((performance.now() - s0) / 1000);
      count.push(r.count.toString());
    }
    const row: ClassRow = {
      index: m.index,
      process: id,
      states: [t.top.states, t.bottom.states],
      tables,
      samples: times,
      count,
      rss: process.memoryUsage().rss,
      maxRss: process.resourceUsage().maxRSS * 1024,
    };
    process.send?.(row);
  });
  process.send?.({ ready: true });
}

const fmtS = (s: number): string => (s >= 100 ? s.toFixed(0) : s.toFixed(1));
const fmtE = (x: number): string => x.toExponential(2).replace('e+', 'e');
const gb = (b: number): string => (b / 2 ** 30).toFixed(1);

function render(classes: EndsClassShare[], rows: ClassRow[], samples: number, started: Date, wall: number): string {
  rows.sort((a, b) => a.index - b.index);
  const joinOf = (r: ClassRow): number => ((r.samples[0] + r.samples[1]) / 2) * samples;
  const join = rows.reduce((s, r) => s + joinOf(r), 0);
  const tables = rows.reduce((s, r) => s + r.tables, 0);
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  const out = [
    "## Tour count: the 8x8 open count's plan, class by class of its ends",
    '',
    `Machine: ${cpu}, ${os.cpus().length} cores, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, ${os.platform()} ${os.arch()}; measured ${started.toISOString().slice(0, 16).replace('T', ' ')} UTC, ${fmtS(wall / 60)} minutes in two processes. Written by \`npm run bench:open-plan\`.`,
    '',
    `Each of the ${classes.length} classes (standing for ${classes.reduce((s, c) => s + c.times, 0)}) in the order a queue hands out its shards: its tables (built, or kept from an earlier class, the same or mirrored, as a worker keeps them), then two samples of its join, each 1/${samples} of its keys spread over them; the class's join is about their mean × ${samples}. A queued count makes ${CLASS_SHARDS} shards of each class.`,
    '',
    '| class | ends inside the parts | images | states (top, bottom) | tables | samples of 1/' +
      samples +
      ' | join (estimate) | a shard of 1/' +
      CLASS_SHARDS +
      ' | memory after, peak of its process |',
    '|---:|---|---:|---|---|---|---:|---:|---|',
  ];
  for (const r of rows) {
    const c = classes[r.index];
    const j = joinOf(r);
    out.push(
      `| ${r.index} | ${squares(c.ends)} | ${c.times} | ${r.states[0].toLocaleString('en-US')}, ${r.states[1].toLocaleString('en-US')} | ${fmtS(r.tables)} s | ${r.samples.map((s) => fmtS(s)).join(', ')} s | ${fmtE(j)} s | ${fmtS(j / CLASS_SHARDS)} s | ${gb(r.rss)} GB, ${gb(r.maxRss)} GB |`,
    );
  }
  const byType = new Map<string, { n: number; join: number }>();
  for (const r of rows) {
    const e = classes[r.index].ends;
    const type = `${e.top.length + e.bottom.length} inside`;
    const b = byType.get(type) ?? { n: 0, join: 0 };
    b.n++;
    b.join += joinOf(r);
    byType.set(type, b);
  }
  out.push('');
  out.push(
    `- Measured: ${rows.length} of ${classes.length} classes. Join, summed: ${fmtE(join)} core-s (${fmtS(join / 86400)} core-days): ${[...byType].map(([t, b]) => `${t} ${b.n} classes, ${fmtE(b.join)} s`).join('; ')}.`,
  );
  out.push(
    `- Tables, summed in this order (what one worker spends if it takes shards of every class, keeping parts' tables as it goes): ${fmtS(tables)} s. On M machines of this machine's size (two workers each) the count takes about (join + 2M × tables) / 2M seconds: ${[1, 10, 20].map((m) => `${m}: ${fmtS((join + 2 * m * tables) / (2 * m) / 3600)} h`).join(', ')}.`,
  );
  out.push(`- Peak memory of a process: ${gb(Math.max(...rows.map((r) => r.maxRss)))} GB.`);
  return out.join('\n') + '\n';
}

async function parent(): Promise<void> {
  const args = process.argv.slice(2);
  const si = args.indexOf('--samples');
  const samples = si >= 0 ? Number(args.splice(si, 2)[1]) : 2000;
  const classes = endsClasses(W, H, piece);
  const wanted = args.length > 0 ? args.map(Number) : classes.map((_, i) => i);
  // The classes that share parts' tables go to one process in their order; those of two ends in one part (a
  // table each, none shared) to whichever process is free.
  const shared = wanted.filter((i) => classes[i].ends.top.length < 2);
  const alone = wanted.filter((i) => classes[i].ends.top.length === 2);
  const rows: ClassRow[] = [];
  const started = new Date(),
    t0 = performance.now();
  const self = fileURLToPath(import.meta.url);
  const here = join(dirname(self), '..', '..', 'bench');
  const results = join(here, 'results');
  mkdirSync(results, { recursive: true });
  const save = (): void => {
    writeFileSync(
      join(results, 'tour-open-plan.md'),
      render(classes, [...rows], samples, started, (performance.now() - t0) / 1000),
    );
    writeResults(here);
  };
  await Promise.all(
    [0, 1].map(
      (id) =>
        new Promise<void>((resolve, reject) => {
          const p = fork(self, ['--child', String(samples), String(PART_TABLES_BYTES)], {
            env: { ...process.env, PLAN_PROCESS: String(id) },
            execArgv: ['--max-old-space-size=4096'],
          });
          const next = (): void => {
            const index = id === 0 ? (shared.shift() ?? alone.shift()) : alone.shift();
            p.send({ index: index ?? null });
          };
          p.on('message', (m: ClassRow | { ready: true }) => {
            if ('index' in m) {
              rows.push(m);
              // Written after each class, so a stopped run keeps what it measured.
              save();
              process.stderr.write(
                `class ${m.index} (${squares(classes[m.index].ends)}): tables ${fmtS(m.tables)} s, samples ${m.samples.map(fmtS).join(', ')} s, ${gb(m.maxRss)} GB\n`,
              );
            }
            next();
          });
          p.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`process ${id} stopped (${code})`))));
        }),
    ),
  );
  save();
  process.stdout.write(readFileSync(join(results, 'tour-open-plan.md'), 'utf8'));
}

if (process.argv[2] === '--child') child(Number(process.argv[3]), Number(process.argv[4]));
else await parent();
