// The CLI's one way of writing numbers in text: plural forms and seconds, with thousands as the library writes them.
import { thousands } from '../core/text.js';

/** Text from the engines with sizes written 8\u00d78, as the CLI writes sizes: 8x8, as typed after the command. */
export function cliSizes(text: string): string {
  return text.replace(/(\d)\u00d7(\d)/g, '$1x$2');
}

/** "1 rank", "2 ranks", "1,000 games". */
export function plural(n: number | bigint, one: string, many = `${one}s`): string {
  return `${thousands(n)} ${n === 1 || n === 1n ? one : many}`;
}

/** Seconds since t0 (performance.now()), to the millisecond: the `seconds` field of the JSON. */
export function secondsSince(t0: number): number {
  return Number(((performance.now() - t0) / 1000).toFixed(3));
}

/**
 * Time taken, in the one style of the CLI's text: three figures, "0.69 s", "29.4 s", "312 s" (JSON has the
 * `seconds` number).
 */
export function secondsWords(seconds: number): string {
  if (seconds >= 99.95) return `${thousands(Math.round(seconds))} s`;
  return `${seconds.toFixed(seconds >= 9.995 ? 1 : 2)} s`;
}

/** A length of time in words: "200 ms", "5 s", "2.5 s". */
export function durationWords(ms: number): string {
  return ms < 1000 ? `${thousands(ms)} ms` : `${thousands(ms / 1000)} s`;
}

/** What stopped unfinished work: Ctrl-C, the time limit or the node budget. */
export type Stop = 'signal' | 'time' | 'nodes';

/** The limits a command was given, for saying which one stopped it. */
export interface Limits {
  maxNodes?: number;
  timeoutMs?: number;
}

/**
 * What stopped unfinished work, in the CLI's one phrasing: "stopped by Ctrl-C", "stopped at the time limit
 * (5 s)", "stopped at the budget of 1,000 nodes".
 */
export function stopWords(stopped: Stop, limits: Limits = {}): string {
  if (stopped === 'signal') return 'stopped by Ctrl-C';
  if (stopped === 'time')
    return limits.timeoutMs === undefined
      ? 'stopped at the time limit'
      : `stopped at the time limit (${durationWords(limits.timeoutMs)})`;
  return limits.maxNodes === undefined
    ? 'stopped at the node budget'
    : `stopped at the budget of ${plural(limits.maxNodes, 'node')}`;
}

/** The JSON name of what stopped unfinished work (the `stopped` field): interrupted, timeout or max-nodes. */
export function stopName(stopped: Stop): 'interrupted' | 'timeout' | 'max-nodes' {
  return stopped === 'signal' ? 'interrupted' : stopped === 'time' ? 'timeout' : 'max-nodes';
}

/** The most memory this process (its threads too) has held so far, in bytes: its peak resident set. */
export function peakMemoryBytes(): number {
  return process.resourceUsage().maxRSS * 1024;
}

/** A number of bytes in words: "1.8 GB", "940 MB". */
export function bytesWords(bytes: number): string {
  return bytes >= 1e9 ? `${(bytes / 1e9).toFixed(1)} GB` : `${Math.round(bytes / 1e6)} MB`;
}
