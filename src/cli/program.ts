// The command table (commands.ts) as a commander program: nested subcommands, per-command help with usage
// and examples, suggestions for mistyped commands and options, and every parser error as one line.
import { Command as Program, CommanderError, Help, Option } from 'commander';
import { GridbitsError } from '../core/error.js';
import { EXIT_HELP } from './exit.js';
import { checkFlags, flagsOf, type Command, type Flag, type Parsed } from './command.js';

/**
 * What the command line asks for: a command to run with its flags, or nothing more (help or the version was printed).
 */
export type Invocation = { command: Command; path: string; parsed: Parsed } | { done: true };

const INTRO = 'gridbits — bitboards for grid games and puzzles';

const MAIN_HELP_AFTER = `
Every command takes --json for scripts and --out FILE for its result. Colours appear only on a
terminal (FORCE_COLOR turns them on, FORCE_COLOR=0 or NO_COLOR off). Time flags take durations:
250ms, 5s, 2m, 1h (a bare number is milliseconds).

${EXIT_HELP}

  gridbits help COMMAND        the options and examples of a command (or gridbits COMMAND --help)
  gridbits --version           the version
  gridbits completion bash     a completion script for bash, zsh or fish`;

function optionOf(where: string, name: string, f: Flag, alias?: string): Option {
  const long = `--${alias ?? name}`;
  const flags = `${f.short !== undefined && alias === undefined ? `-${f.short}, ` : ''}${long}${f.type === 'string' ? ` <${f.value ?? 'VALUE'}>` : ''}`;
  const o = new Option(flags, f.help);
  if (f.multiple) o.argParser((v: string, prev: unknown) => [...(Array.isArray(prev) ? (prev as string[]) : []), v]);
  // A flag of one value given twice: the same value twice is harmless, two values are a mistake (not the last one
  // silently taken).
  else if (f.type === 'string')
    o.argParser((v: string, prev: unknown) => {
      if (typeof prev === 'string' && prev !== v)
        throw new GridbitsError('BAD_ARGUMENT', `${where}: ${long} given twice (${prev} and ${v}): give one`);
      return v;
    });
  if (alias !== undefined) o.hideHelp();
  return o;
}

/** The usage after the command's path: "tour <W>x<H> [--from SQ]" → "<W>x<H> [--from SQ]". */
function usageAfter(path: string[], usage: string): string {
  const words = usage.split(' ');
  let i = 0;
  while (i < words.length && i < path.length && words[i] === path[i]) i++;
  return words
    .slice(i)
    .join(' ')
    .replace(/\n\s*gridbits /g, '\n       gridbits ');
}

class GridbitsHelp extends Help {
  constructor() {
    super();
    this.helpWidth = Math.min(process.stdout.columns ?? 100, 110);
    this.sortOptions = false;
    this.sortSubcommands = false;
  }

  /** Commands are listed by name alone (their own help shows their usage). */
  override subcommandTerm(cmd: Program): string {
    return cmd.name();
  }
}

/** Builds the program; `found` receives the command and flags of the line that is parsed. */
function buildProgram(commands: Command[], version: string, found: (inv: Invocation) => void): Program {
  const configure = (p: Program): Program =>
    p
      .exitOverride()
      .configureOutput({
        writeOut: (s) => process.stdout.write(s),
        writeErr: () => undefined,
        outputError: () => undefined,
      })
      .showSuggestionAfterError(true)
      .helpOption('-h, --help', 'show this help')
      .helpCommand(false)
      .allowExcessArguments(false);
  const program = configure(new Program('gridbits'));
  program.createHelp = () => new GridbitsHelp();
  program
    .description(INTRO)
    .version(version, '-v, --version', 'print the version')
    .usage('<command> [options]')
    .addHelpText('after', MAIN_HELP_AFTER);

  const add = (parent: Program, c: Command, path: string[]): void => {
    const p = configure(new Program(c.name));
    p.createHelp = () => new GridbitsHelp();
    p.description(c.summary);
    const here = [...path, c.name];
    if (c.subcommands !== undefined) {
      p.usage('<subcommand> [options]');
      for (const s of c.subcommands) add(p, s, here);
      if (c.details) p.addHelpText('after', '\n' + c.details.trimEnd());
      parent.addCommand(p);
      return;
    }
    p.usage(usageAfter(here, c.usage));
    const flags = flagsOf(c);
    for (const [name, f] of Object.entries(flags)) {
      p.addOption(optionOf(here.join(' '), name, f));
      for (const a of f.aliases ?? []) p.addOption(optionOf(here.join(' '), name, f, a));
    }
    p.argument('[arguments...]');
    if (c.details) p.addHelpText('after', '\n' + c.details.trimEnd());
    p.action((positionals: string[], opts: Record<string, unknown>) => {
      const values: Parsed['values'] = {};
      const spelledAs: Record<string, string> = {};
      for (const [name, f] of Object.entries(flags)) {
        for (const spelled of [name, ...(f.aliases ?? [])]) {
          const negated = spelled.startsWith('no-');
          const attr = new Option(`--${spelled}`).attributeName();
          const v = opts[attr];
          if (negated) {
            if (v === false) values[name] = true;
          } else if (v !== undefined) {
            values[name] = v as string | boolean | string[];
            if (spelled !== name) spelledAs[name] = spelled;
          }
        }
      }
      const parsed = { values, positionals, spelled: spelledAs };
      checkFlags(c, parsed, here.join(' '));
      found({ command: c, path: here.join(' '), parsed });
    });
    parent.addCommand(p);
  };
  for (const c of commands) add(program, c, []);
  return program;
}

/** The commands named at the start of argv (skipping options): ['valley', 'perft'] for `valley perft 4 --json`. */
function commandPath(commands: Command[], argv: string[]): Command[] {
  const path: Command[] = [];
  let level: Command[] | undefined = commands;
  for (const a of argv) {
    if (level === undefined) break;
    if (a.startsWith('-')) continue;
    const c: Command | undefined = level.find((x) => x.name === a);
    if (c === undefined) break;
    path.push(c);
    level = c.subcommands;
  }
  return path;
}

/** The closest of `names` to a mistyped `word` (at most a third of its letters off), or undefined. */
function suggest(word: string, names: string[]): string | undefined {
  let best: string | undefined;
  let bestD = Math.max(1, Math.floor(word.length / 3)) + 1;
  for (const n of names) {
    const d = editDistance(word.toLowerCase(), n.toLowerCase());
    if (d < bestD) [best, bestD] = [n, d];
  }
  return best;
}

/** Levenshtein distance with transpositions (optimal string alignment). */
function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...new Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0][j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.length][b.length];
}

/** A parser error as the one-line message of the CLI: "tour: unknown option '--bord' (did you mean --board?)". */
function oneLine(e: CommanderError, commands: Command[], argv: string[]): GridbitsError {
  const path = commandPath(commands, argv);
  const where = path.map((c) => c.name).join(' ');
  const last = path[path.length - 1];
  if (e.code === 'commander.help' && last?.subcommands) {
    const names = last.subcommands.map((s) => s.name).join(', ');
    return new GridbitsError(
      'BAD_ARGUMENT',
      `${where}: name a subcommand (${names}), e.g. gridbits ${where} ${last.subcommands[0].name} --help`,
    );
  }
  let msg = e.message
    .replace(/^error: /, '')
    .replace(/\n+/g, ' ')
    .replace(/\(Did you mean/g, '(did you mean')
    .trim();
  if (e.code === 'commander.unknownCommand' && (last?.subcommands ?? commands).length > 0) {
    const names = (last?.subcommands ?? commands).map((s) => s.name).join(', ');
    msg = /did you mean/.test(msg) ? msg : `${msg} (${last ? 'subcommands' : 'commands'}: ${names})`;
  }
  if (e.code === 'commander.unknownCommand' && last?.subcommands)
    msg = msg.replace('unknown command', 'unknown subcommand');
  const unknown = /unknown option '(--[a-z0-9-]+)/.exec(msg);
  const group = path[path.length - 2];
  if (e.code === 'commander.unknownOption' && unknown !== null && group?.subcommands && !/did you mean/.test(msg)) {
    // A flag of a sibling subcommand: say which ones take it.
    const users = group.subcommands.filter((s) => Object.hasOwn(s.flags, unknown[1].slice(2))).map((s) => s.name);
    if (users.length > 0) msg = `${unknown[1]} does not apply here (it is for ${group.name} ${users.join(', ')})`;
  }
  msg = msg.replace(/option '(--?[a-z-]+)(?: <[^>]*>)?' argument missing/, '$1 needs a value');
  return new GridbitsError('BAD_ARGUMENT', where === '' ? msg : `${where}: ${msg}`);
}

/**
 * Parses the command line: the command to run and its flags, or `{ done: true }` after printing help or the
 * version. Parser mistakes are thrown as one-line BAD_ARGUMENT errors.
 */
export async function parseCommandLine(commands: Command[], version: string, argv: string[]): Promise<Invocation> {
  // `gridbits help valley play` is `gridbits valley play --help`; a name that is not a command is a mistake.
  if (argv[0] === 'help') {
    const words = argv.slice(1).filter((w) => !w.startsWith('-'));
    const path = commandPath(commands, words);
    if (path.length < words.length) {
      const level = (path.length === 0 ? commands : (path[path.length - 1].subcommands ?? [])).map((c) => c.name);
      const where = path.map((c) => c.name).join(' ');
      const word = words[path.length];
      const what = where === '' ? `no command '${word}'` : `${where} has no subcommand '${word}'`;
      const close = suggest(word, level);
      throw new GridbitsError(
        'BAD_ARGUMENT',
        `help: ${what} (${close !== undefined ? `did you mean ${close}?` : level.length > 0 ? level.join(', ') : 'it has none'})`,
      );
    }
    argv = [...words, '--help'];
  }
  let invocation: Invocation = { done: true };
  const program = buildProgram(commands, version, (inv) => (invocation = inv));
  try {
    await program.parseAsync(argv, { from: 'user' });
  } catch (e) {
    if (!(e instanceof CommanderError)) throw e;
    if (e.code === 'commander.helpDisplayed' || e.code === 'commander.version') return { done: true };
    if (e.code === 'commander.help' && argv.length === 0) {
      program.outputHelp();
      return { done: true };
    }
    throw oneLine(e, commands, argv);
  }
  return invocation;
}
