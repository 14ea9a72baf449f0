// The API reference builds with every export documented: TypeDoc with every warning an error (npm run docs).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';

it('builds the API reference without a warning', () => {
  const out = mkdtempSync(join(tmpdir(), 'gridbits-api-'));
  try {
    let log = '';
    try {
      log = execFileSync(process.execPath, ['node_modules/typedoc/bin/typedoc', '--out', out], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      });
    } catch (e) {
      const err = e as { stdout?: string; stderr?: string };
      throw new Error(`typedoc failed:\n${(err.stdout ?? '') + (err.stderr ?? '')}`.slice(0, 4000), { cause: e });
    }
    expect(log).not.toMatch(/warning/i);
    for (const page of [
      'index.html',
      'modules/tour.html',
      'modules/fleet.html',
      'modules/valley.html',
      'modules/walk.html',
    ])
      expect(existsSync(join(out, page)), page).toBe(true);
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}, 180_000);
