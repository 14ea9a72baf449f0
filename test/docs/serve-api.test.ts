// `gridbits serve` as a subprocess serves the API reference at /api/: its start page, its subpath pages and
// files, /api sent on to /api/ (so the pages' relative links resolve), and never a redirect to another host.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEB_DIST, ensureWebBuilt } from '../web/build.js';
import { httpGet, rawGet, startServe, type Served } from '../web/serve-process.js';

const API = join(WEB_DIST, 'api');
let served: Served;

beforeAll(async () => {
  ensureWebBuilt();
  served = await startServe();
}, 600_000);

afterAll(async () => {
  await served?.stop();
});

describe('gridbits serve: the API reference', () => {
  it('serves api/index.html at /api/', async () => {
    const r = await httpGet(`${served.url}api/`);
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(r.bytes.equals(readFileSync(join(API, 'index.html')))).toBe(true);
  });

  it('serves every file of the reference with its type', async () => {
    const types: Record<string, string> = {
      html: 'text/html; charset=utf-8',
      js: 'text/javascript; charset=utf-8',
      css: 'text/css; charset=utf-8',
    };
    for (const f of readdirSync(API)) {
      const r = await httpGet(`${served.url}api/${f}`);
      expect(r.status, f).toBe(200);
      expect(r.headers['content-type'], f).toBe(types[f.split('.').pop()!]);
      expect(r.bytes.equals(readFileSync(join(API, f))), f).toBe(true);
    }
  });

  it('sends /api on to /api/, keeping nothing else', async () => {
    const r = await rawGet(served.port, '/api');
    expect(r.status).toBe(301);
    expect(r.headers['location']).toBe('/api/');
    expect((await rawGet(served.port, '/api?x=1')).headers['location']).toBe('/api/');
    // '//api' would be read by a browser as the host 'api': not sent anywhere.
    expect((await rawGet(served.port, '//api')).status).toBe(404);
    expect((await rawGet(served.port, '/nope')).status).toBe(404);
    expect((await rawGet(served.port, '/api/nope.html')).status).toBe(404);
  });
});
