// Every CLI command, in the order --help lists them.
import type { Command } from './command.js';
import { mobilityCommand, movesCommand } from './moves.js';
import { serveCommand } from './serve.js';
import { tourTableCommand } from './tour-table.js';

export const COMMANDS: Command[] = [movesCommand, mobilityCommand, serveCommand, tourTableCommand];
