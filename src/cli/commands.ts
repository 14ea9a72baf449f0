// Every CLI command, in the order --help lists them.
import type { Command } from './command.js';
import { completionCommand } from './completion.js';
import { mobilityCommand, movesCommand } from './moves.js';
import { serveCommand } from './serve.js';
import { tourCommand } from './tour.js';
import { tourTableCommand } from './tour-table.js';
import { tourCountCommand } from './tour-count.js';
import { tourCheckCommand } from './tour-check.js';
import { walkCommand } from './walk.js';
import { valleyCommand } from './valley.js';
import { fleetCommand } from './fleet.js';
import { workerCommand } from './worker.js';

export const COMMANDS: Command[] = [
  movesCommand,
  mobilityCommand,
  serveCommand,
  tourCommand,
  tourTableCommand,
  tourCountCommand,
  tourCheckCommand,
  walkCommand,
  valleyCommand,
  fleetCommand,
  workerCommand,
];
COMMANDS.push(completionCommand(() => COMMANDS));
