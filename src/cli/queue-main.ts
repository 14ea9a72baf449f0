#!/usr/bin/env node
// The gridbits CLI with the `worker` command listed, until commands.ts lists it: the same program as main.ts.
import { COMMANDS } from './commands.js';
import { workerCommand } from './worker.js';

if (!COMMANDS.some((c) => c.name === workerCommand.name)) COMMANDS.splice(COMMANDS.length - 1, 0, workerCommand);
await import('./main.js');
