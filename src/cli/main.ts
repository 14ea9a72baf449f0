#!/usr/bin/env node
// The gridbits CLI: picks the command, turns user mistakes into one line on stderr with exit code 2.
import { readFileSync } from 'node:fs';
import { isGridbitsError } from '../core/error.js';
import { helpText, parseCommand } from './command.js';
import { COMMANDS } from './commands.js';
import { createOutput } from './output.js';

function version(): string {
  try {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
    return pkg.version;
  } catch {
    return 'unknown';
  }
}

function mainHelp(): string {
  const pad = Math.max(...COMMANDS.map((c) => c.name.length)) + 2;
  return [
    'gridbits — bitboards for grid games and puzzles',
    '',
    'Usage: gridbits <command> [options]   (gridbits <command> --help for its options)',
    '',
    'Commands:',
    ...COMMANDS.map((c) => `  ${c.name.padEnd(pad)}${c.summary}`),
    '',
    'Every command takes --json for scripts. Colours appear only on a terminal (NO_COLOR turns them off).',
    'Mistakes in the input end with one line on stderr and exit code 2.',
    '',
  ].join('\n');
}

export async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    const sub = name === 'help' ? COMMANDS.find((c) => c.name === rest[0]) : undefined;
    process.stdout.write(sub ? helpText(sub) : mainHelp());
    return 0;
  }
  if (name === '--version' || name === '-v') {
    process.stdout.write(version() + '\n');
    return 0;
  }
  const cmd = COMMANDS.find((c) => c.name === name);
  try {
    if (cmd === undefined) {
      process.stderr.write(`gridbits: unknown command '${name}' (commands: ${COMMANDS.map((c) => c.name).join(', ')})\n`);
      return 2;
    }
    const args = parseCommand(cmd, rest);
    if (args.values.help === true) {
      process.stdout.write(helpText(cmd));
      return 0;
    }
    const out = createOutput(args.values.json === true);
    const code = await cmd.run(args, out);
    return typeof code === 'number' ? code : 0;
  } catch (e) {
    if (isGridbitsError(e)) {
      process.stderr.write(`gridbits: ${e.message.split('\n')[0]}\n`);
      return e.code === 'ABORTED' ? 130 : 2;
    }
    if (e instanceof RangeError && /Invalid array length|Array buffer allocation failed/.test(e.message)) {
      process.stderr.write(`gridbits: out of memory for this request (${e.message})\n`);
      return 2;
    }
    process.stderr.write(`gridbits: internal error: ${(e as Error)?.message ?? String(e)}\n`);
    if (process.env.GRIDBITS_DEBUG) process.stderr.write(String((e as Error)?.stack) + '\n');
    return 1;
  }
}

process.on('SIGINT', () => {
  process.stderr.write('\ngridbits: interrupted\n');
  process.exit(130);
});

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    process.stderr.write(`gridbits: internal error: ${String(e)}\n`);
    process.exitCode = 1;
  },
);
