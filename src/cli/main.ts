#!/usr/bin/env node
// The gridbits CLI: parses the command line (program.ts), loads and runs the command, and turns user mistakes into
// one line on stderr with exit code 2 (exit.ts has every code). A reader that goes away (`| head`) ends the command
// quietly.
import { readFileSync } from 'node:fs';
import { isGridbitsError } from '../core/error.js';
import { bool, str } from './command.js';
import { COMMANDS } from './commands.js';
import { handleInterrupts } from './io.js';
import { EXIT } from './exit.js';
import { createOutput, type Output } from './output.js';
import { parseCommandLine } from './program.js';

function version(): string {
  try {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
    return pkg.version;
  } catch {
    return 'unknown';
  }
}

/** Runs one command line; returns the exit code. */
export async function main(argv: string[]): Promise<number> {
  let out: Output | undefined;
  try {
    const inv = await parseCommandLine(COMMANDS, version(), argv);
    if ('done' in inv) return EXIT.answered;
    const { command, parsed } = inv;
    const run = await command.load!();
    out = createOutput({
      json: bool(parsed, 'json'),
      out: str(parsed, 'out'),
      progress: bool(parsed, 'progress'),
      label: inv.path,
    });
    const code = await run(parsed, out);
    out.endProgress();
    out.commit();
    return typeof code === 'number' ? code : EXIT.answered;
  } catch (e) {
    out?.endProgress();
    out?.abandon();
    if (isGridbitsError(e)) {
      process.stderr.write(`gridbits: ${e.message.split('\n')[0]}\n`);
      return e.code === 'ABORTED' ? EXIT.interrupted : EXIT.mistake;
    }
    if (e instanceof RangeError && /Invalid array length|Array buffer allocation failed/.test(e.message)) {
      process.stderr.write(`gridbits: out of memory for this request (${e.message})\n`);
      return EXIT.mistake;
    }
    process.stderr.write(`gridbits: internal error: ${(e as Error)?.message ?? String(e)}\n`);
    if (process.env.GRIDBITS_DEBUG) process.stderr.write(String((e as Error)?.stack) + '\n');
    return EXIT.internal;
  }
}

// A closed pipe on either stream ends the command quietly.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') process.exit(0);
    throw e;
  });
}

handleInterrupts();

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    process.stderr.write(`gridbits: internal error: ${String(e)}\n`);
    process.exitCode = EXIT.internal;
  },
);
