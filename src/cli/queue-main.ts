#!/usr/bin/env node
// The gridbits CLI with the `worker` command listed, for as long as commands.ts does not list it (main.ts is
// bundled with its own command table): the same steps as main.ts, over the table with `worker` added.
import { readFileSync } from 'node:fs';
import { isGridbitsError } from '../core/error.js';
import { bool, str } from './command.js';
import { COMMANDS } from './commands.js';
import { handleInterrupts } from './io.js';
import { createOutput, type Output } from './output.js';
import { parseCommandLine } from './program.js';
import { workerCommand } from './worker.js';

if (!COMMANDS.some((c) => c.name === workerCommand.name)) COMMANDS.splice(COMMANDS.length - 1, 0, workerCommand);

async function main(argv: string[]): Promise<number> {
  let out: Output | undefined;
  try {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
    const inv = await parseCommandLine(COMMANDS, pkg.version, argv);
    if ('done' in inv) return 0;
    out = createOutput({ json: bool(inv.parsed, 'json'), out: str(inv.parsed, 'out'), progress: bool(inv.parsed, 'progress'), label: inv.path });
    const code = await inv.command.run!(inv.parsed, out);
    out.endProgress();
    out.commit();
    return typeof code === 'number' ? code : 0;
  } catch (e) {
    out?.endProgress();
    out?.abandon();
    if (isGridbitsError(e)) {
      process.stderr.write(`gridbits: ${e.message.split('\n')[0]}\n`);
      return e.code === 'ABORTED' ? 130 : 2;
    }
    process.stderr.write(`gridbits: internal error: ${(e as Error)?.message ?? String(e)}\n`);
    return 1;
  }
}

for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') process.exit(0);
    throw e;
  });
}
handleInterrupts();
process.exitCode = await main(process.argv.slice(2));
