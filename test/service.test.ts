// The check for a program some tests need: CI read from its variable, a missing program fails the file in CI
// with one line saying what to install, and elsewhere skips with that line printed.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHROMIUM, REDIS_SERVER, inCI, serviceMissing, skipWithout, type Service } from './service.js';

const nowhere: Service = { path: '/nonexistent/gridbits-test-program', install: 'apt-get install -y nothing' };
const here: Service = { path: process.execPath, install: 'it is running' };

afterEach(() => vi.restoreAllMocks());

describe('skipWithout', () => {
  it('reads CI as set when it is anything but empty, 0 or false', () => {
    for (const v of ['1', 'true', 'TRUE', 'yes', 'github']) expect(inCI({ CI: v }), v).toBe(true);
    for (const v of [undefined, '', ' ', '0', 'false', 'False']) expect(inCI({ CI: v }), String(v)).toBe(false);
  });

  it('runs the tests when the program is here, in CI or not', () => {
    expect(serviceMissing(here)).toBeNull();
    expect(skipWithout(here, 'some tests', { CI: '1' })).toBe(false);
    expect(skipWithout(here, 'some tests', {})).toBe(false);
  });

  it('fails in CI when the program is missing, saying what to install', () => {
    expect(() => skipWithout(nowhere, 'the widget tests', { CI: 'true' })).toThrow(
      'the widget tests cannot run in CI: /nonexistent/gridbits-test-program is missing: install it with apt-get install -y nothing',
    );
  });

  it('skips elsewhere, printing one line that names the tests and why', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(skipWithout(nowhere, 'the widget tests', { CI: '0' })).toBe(true);
    expect(warn.mock.calls).toEqual([
      [
        'skipped the widget tests: /nonexistent/gridbits-test-program is missing: install it with apt-get install -y nothing',
      ],
    ]);
  });

  it('names the install commands for Chromium and redis-server', () => {
    expect(CHROMIUM.install).toMatch(/^apt-get install -y chromium\b/);
    expect(REDIS_SERVER.install).toBe('apt-get install -y redis-server');
  });
});
