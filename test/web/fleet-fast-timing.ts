// One-off measurement (not a test): the Sea Battle page's exact answers on 10×10 classic in Debian's Chromium,
// each in a fresh worker, run as the page runs them. `npx tsx test/web/fleet-fast-timing.ts`; prints JSON lines.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { launch } from './browser.js';
import { REPO } from './build.js';
import type { Ask } from './fleet-fast-probe/main.js';
import { CHROMIUM, serviceMissing } from '../service.js';

const missing = serviceMissing(CHROMIUM);
if (missing) {
  console.error(`fleet-fast-timing: ${missing}`);
  process.exit(2);
}
const out = mkdtempSync(join(tmpdir(), 'gridbits-fleet-probe-'));
execFileSync(
  process.execPath,
  [
    join(REPO, 'node_modules/vite/bin/vite.js'),
    'build',
    'test/web/fleet-fast-probe',
    '--config',
    'web/vite.config.ts',
    '--outDir',
    out,
    '--emptyOutDir',
    '--logLevel',
    'warn',
  ],
  { cwd: REPO, stdio: 'inherit' },
);
const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript' };
const server = createServer((req, res) => {
  const path = join(out, (req.url ?? '/').split('?')[0].replace(/^\/+/, '') || 'index.html');
  let body: Buffer;
  try {
    body = readFileSync(path);
  } catch {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, { 'content-type': TYPES[extname(path)] ?? 'application/octet-stream' }).end(body);
});
await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
const url = `http://127.0.0.1:${(server.address() as { port: number }).port}/`;
const browser = await launch();
const asks: Ask[] = (process.env.ASKS ?? 'heat:none,count:none,count:corner,count:any').split(',').map((a) => {
  const [job, touch] = a.split(':');
  return { job, touch } as Ask;
});
try {
  for (const ask of asks) {
    const page = await browser.context.newPage();
    await page.goto(url);
    await page.waitForSelector('body[data-ready="true"]', { state: 'attached' });
    const r = await page.evaluate(
      (q) => (window as unknown as { probe: (a: unknown) => Promise<{ ms: number; said: string }> }).probe(q),
      ask,
    );
    console.log(JSON.stringify({ ...ask, ms: Math.round(r.ms), said: r.said }));
    await page.close();
  }
} finally {
  await browser.close();
  server.close();
  rmSync(out, { recursive: true, force: true });
}
