// The HTTP rules `serve` answers by, header by header: content coding, conditional requests, byte ranges.
import { describe, expect, it } from 'vitest';
import {
  KeptFiles,
  byteRange,
  chooseCoding,
  httpDate,
  notModified,
  rangeStillApplies,
} from '../../src/cli/serve-http.js';

describe('chooseCoding', () => {
  it('prefers brotli, then gzip, then the bytes as they are', () => {
    expect(chooseCoding('gzip, deflate, br, zstd')).toBe('br');
    expect(chooseCoding('gzip, deflate')).toBe('gzip');
    expect(chooseCoding('deflate')).toBe('identity');
    expect(chooseCoding(undefined)).toBe('identity');
    expect(chooseCoding('')).toBe('identity');
    expect(chooseCoding('identity')).toBe('identity');
    expect(chooseCoding('BR')).toBe('br');
    expect(chooseCoding('x-gzip')).toBe('gzip');
  });

  it('respects weights: q=0 refuses, a higher weight wins, * stands for the rest', () => {
    expect(chooseCoding('br;q=0, gzip')).toBe('gzip');
    expect(chooseCoding('br; q=0, gzip;q=0')).toBe('identity');
    expect(chooseCoding('br;q=0.5, gzip;q=1')).toBe('gzip');
    expect(chooseCoding('br;q=1.0, gzip;q=1')).toBe('br');
    expect(chooseCoding('*')).toBe('br');
    expect(chooseCoding('*;q=0.3, br;q=0')).toBe('gzip');
    expect(chooseCoding('*;q=0')).toBe('identity');
    expect(chooseCoding('identity;q=1, gzip;q=0.5')).toBe('identity');
    expect(chooseCoding('br;q=abc')).toBe('identity');
  });
});

describe('notModified', () => {
  const etag = '"abc"';
  const mtime = Date.UTC(2026, 11, 7, 2, 0, 0, 750);
  it('compares If-None-Match tags weakly, any one of a list, and * matches', () => {
    expect(notModified({ 'if-none-match': '"abc"' }, etag, mtime)).toBe(true);
    expect(notModified({ 'if-none-match': 'W/"abc"' }, etag, mtime)).toBe(true);
    expect(notModified({ 'if-none-match': '"x", "abc"' }, etag, mtime)).toBe(true);
    expect(notModified({ 'if-none-match': '*' }, etag, mtime)).toBe(true);
    expect(notModified({ 'if-none-match': '"abd"' }, etag, mtime)).toBe(false);
    expect(notModified({ 'if-none-match': 'abc' }, etag, mtime)).toBe(false);
  });

  it('reads If-Modified-Since in whole seconds, and only without If-None-Match', () => {
    expect(notModified({ 'if-modified-since': httpDate(mtime) }, etag, mtime)).toBe(true);
    expect(notModified({ 'if-modified-since': httpDate(mtime - 1000) }, etag, mtime)).toBe(false);
    expect(notModified({ 'if-modified-since': 'yesterday' }, etag, mtime)).toBe(false);
    expect(notModified({ 'if-none-match': '"x"', 'if-modified-since': httpDate(mtime) }, etag, mtime)).toBe(false);
    expect(notModified({}, etag, mtime)).toBe(false);
  });

  it('If-Range keeps a range only for the same version', () => {
    expect(rangeStillApplies(undefined, etag, mtime)).toBe(true);
    expect(rangeStillApplies('"abc"', etag, mtime)).toBe(true);
    expect(rangeStillApplies('W/"abc"', etag, mtime)).toBe(false);
    expect(rangeStillApplies('"abd"', etag, mtime)).toBe(false);
    expect(rangeStillApplies(httpDate(mtime), etag, mtime)).toBe(true);
    expect(rangeStillApplies(httpDate(mtime + 1000), etag, mtime)).toBe(false);
  });
});

describe('byteRange', () => {
  it('reads a-b, a- and -n, the end clipped to the file', () => {
    expect(byteRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 });
    expect(byteRange('bytes=90-', 100)).toEqual({ start: 90, end: 99 });
    expect(byteRange('bytes=90-1000', 100)).toEqual({ start: 90, end: 99 });
    expect(byteRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
    expect(byteRange('bytes=-1000', 100)).toEqual({ start: 0, end: 99 });
    expect(byteRange('bytes=99-99', 100)).toEqual({ start: 99, end: 99 });
  });

  it('answers unsatisfiable past the end, and null (the whole file) for what it does not read', () => {
    expect(byteRange('bytes=100-', 100)).toBe('unsatisfiable');
    expect(byteRange('bytes=100-200', 100)).toBe('unsatisfiable');
    expect(byteRange('bytes=-0', 100)).toBe('unsatisfiable');
    expect(byteRange('bytes=0-', 0)).toBe('unsatisfiable');
    expect(byteRange('bytes=-5', 0)).toBe('unsatisfiable');
    expect(byteRange(undefined, 100)).toBeNull();
    expect(byteRange('bytes=5-2', 100)).toBeNull();
    expect(byteRange('bytes=-', 100)).toBeNull();
    expect(byteRange('bytes=0-1,5-6', 100)).toBeNull();
    expect(byteRange('items=0-1', 100)).toBeNull();
    expect(byteRange('bytes=a-b', 100)).toBeNull();
  });
});

describe('KeptFiles', () => {
  const entry = (size: number) => ({ version: { size } });

  it('keeps files up to its bytes, dropping the least recently used first', () => {
    const kept = new KeptFiles<ReturnType<typeof entry>>(100);
    kept.set('a', entry(40));
    kept.set('b', entry(40));
    expect(kept.get('a')).toBeDefined(); // a is now the most recently used
    kept.set('c', entry(40)); // 120 > 100: b goes
    expect(kept.files()).toEqual(['a', 'c']);
    expect(kept.bytes).toBe(80);
    kept.set('a', entry(10)); // a file kept again counts its new size
    expect(kept.bytes).toBe(50);
    expect(kept.get('b')).toBeUndefined();
  });

  it('a rebuild that replaces every file leaves only the new ones, within its bytes', () => {
    const kept = new KeptFiles<ReturnType<typeof entry>>(1000);
    const all: string[] = [];
    for (let build = 0; build < 50; build++)
      for (let f = 0; f < 5; f++) {
        all.push(`b${build}-${f}`);
        kept.set(all[all.length - 1], entry(90));
      }
    // 11 files of 90 bytes fit in 1,000: the newest 11.
    expect(kept.files()).toEqual(all.slice(-11));
    expect(kept.bytes).toBe(990);
  });

  it('keeps a file larger than its bytes alone rather than none', () => {
    const kept = new KeptFiles<ReturnType<typeof entry>>(10);
    kept.set('small', entry(5));
    kept.set('big', entry(50));
    expect(kept.files()).toEqual(['big']);
  });
});
