// The shape of a CLI command: its flags (for util.parseArgs and for --help) and what it runs.
import { parseArgs } from 'node:util';
import { GridbitsError } from '../core/error.js';
import type { Output } from './output.js';

export interface Flag {
  type: 'string' | 'boolean';
  short?: string;
  multiple?: boolean;
  /** Shown in --help, e.g. "WxH". */
  value?: string;
  help: string;
}

export interface Parsed {
  values: Record<string, string | boolean | string[] | boolean[] | undefined>;
  positionals: string[];
}

export interface Command {
  name: string;
  usage: string;
  summary: string;
  flags: Record<string, Flag>;
  /** Extra lines for --help: examples, notes. */
  details?: string;
  run(args: Parsed, out: Output): Promise<number | void> | number | void;
}

/** Flags every command takes. */
export const COMMON_FLAGS: Record<string, Flag> = {
  json: { type: 'boolean', help: 'print one JSON document for scripts' },
  help: { type: 'boolean', short: 'h', help: 'show this help' },
};

export function parseCommand(cmd: Command, argv: string[]): Parsed {
  const flags = { ...cmd.flags, ...COMMON_FLAGS };
  const options: Record<string, { type: 'string' | 'boolean'; short?: string; multiple?: boolean }> = {};
  for (const [name, f] of Object.entries(flags)) {
    options[name] = { type: f.type, ...(f.short ? { short: f.short } : {}), ...(f.multiple ? { multiple: true } : {}) };
  }
  try {
    const { values, positionals } = parseArgs({ args: argv, options, allowPositionals: true, strict: true });
    return { values: values as Parsed['values'], positionals };
  } catch (e) {
    let msg = (e as Error).message.split('\n')[0].replace(/\. To specify a positional argument.*$/, '');
    const ambiguous = /Option '(--[a-z-]+)[^']*' argument is ambiguous/.exec(msg);
    if (ambiguous) msg = `${ambiguous[1]} got a value that starts with '-': write ${ambiguous[1]}=VALUE`;
    if (/argument missing/.test(msg)) msg = msg.replace(/argument missing/, 'needs a value');
    throw new GridbitsError('BAD_ARGUMENT', `${cmd.name}: ${msg}`);
  }
}

/**
 * For a command whose subcommands share one flag table (util.parseArgs sees them all): refuses a flag that
 * `sub` does not read, naming the subcommands it is for, rather than ignoring it. `flagsOf[sub]` lists the
 * flags each subcommand reads; --json and --help go everywhere.
 */
export function checkSubcommandFlags(args: Parsed, command: string, sub: string, flagsOf: Record<string, readonly string[]>): void {
  const own = flagsOf[sub] ?? [];
  for (const [name, value] of Object.entries(args.values)) {
    if (value === undefined || Object.hasOwn(COMMON_FLAGS, name) || own.includes(name)) continue;
    const users = Object.keys(flagsOf).filter((s) => flagsOf[s].includes(name));
    throw new GridbitsError('BAD_ARGUMENT', `${command} ${sub}: --${name} does not apply here${users.length > 0 ? ` (it is for ${command} ${users.join(', ')})` : ''}`);
  }
}

export function helpText(cmd: Command): string {
  const flags = { ...cmd.flags, ...COMMON_FLAGS };
  const rows = Object.entries(flags).map(([name, f]) => {
    const left = `  ${f.short ? `-${f.short}, ` : '    '}--${name}${f.value ? ` ${f.value}` : ''}`;
    return [left, f.help] as const;
  });
  const pad = Math.max(...rows.map(([l]) => l.length)) + 2;
  const lines = [`Usage: gridbits ${cmd.usage}`, '', cmd.summary, '', 'Options:', ...rows.map(([l, h]) => l.padEnd(pad) + h)];
  if (cmd.details) lines.push('', cmd.details.trimEnd());
  return lines.join('\n') + '\n';
}

/** A string flag's value, or undefined. */
export function str(args: Parsed, name: string): string | undefined {
  const v = args.values[name];
  return typeof v === 'string' ? v : undefined;
}

export function bool(args: Parsed, name: string): boolean {
  return args.values[name] === true;
}

/** A string flag given several times (or as a comma list), flattened. */
export function list(args: Parsed, name: string): string[] {
  const v = args.values[name];
  const items = Array.isArray(v) ? (v as string[]) : typeof v === 'string' ? [v] : [];
  return items.flatMap((s) => s.split(',')).map((s) => s.trim()).filter((s) => s.length > 0);
}

/** A whole-number flag within [min, max]; throws BAD_ARGUMENT naming the flag. */
export function int(args: Parsed, name: string, min: number, max: number, fallback?: number): number | undefined {
  const v = str(args, name);
  if (v === undefined) return fallback;
  if (!/^-?[0-9]+$/.test(v.trim())) throw new GridbitsError('BAD_ARGUMENT', `--${name} must be a whole number, got '${v}'`);
  const n = Number(v);
  if (n < min || n > max) throw new GridbitsError('BAD_ARGUMENT', `--${name} must be between ${min} and ${max}, got ${v}`);
  return n;
}
