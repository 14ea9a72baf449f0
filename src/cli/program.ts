// The command table (commands.ts) as a commander program: nested subcommands, per-command help with usage
// and examples, suggestions for mistyped commands and options, and every parser error as one line.
import { Command as Program, CommanderError, Help, Option } from 'commander';
import { GridbitsError } from '../core/error.js';
import { EXIT_HELP } from './exit.js';
import { BOARD_FORM, checkFlags, flagsOf, type Command, type Flag, type Parsed } from './command.js';
import { helpWidth, wrapHelp, wrapUsage } from './help-layout.js';
import { HELP_TOPICS, type HelpTopic } from './help-topics.js';
import { didYouMean, suggest } from './suggest.js';

/**
 * What the command line asks for: a command to run with its flags, or nothing more (help or the version was printed).
 */
export type Invocation = { command: Command; path: string; parsed: Parsed } | { done: true };

const INTRO = 'gridbits — bitboards for grid games and puzzles';

/** The end of `gridbits --help`: the conventions in short, the topics, and where to look next. */
const MAIN_HELP_AFTER = `Help topics (gridbits help TOPIC):
${HELP_TOPICS.map((t) => `  ${t.name.padEnd(14)}${t.summary}`).join('\n')}

Every command takes --json for scripts and --out FILE for its result; time flags take durations: 250ms, 5s, 2m,
1h (a bare number is milliseconds).
${EXIT_HELP}

  gridbits help COMMAND        the options and examples of a command (or gridbits COMMAND --help)
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

/** Commander's help, wrapped to the terminal: the usage line, the options and the notes below them. */
class GridbitsHelp extends Help {
  constructor(
    width: number,
    /** The notes and examples under the options. */
    private readonly details?: string,
  ) {
    super();
    this.helpWidth = width;
    // Commander leaves a description unwrapped when less than this is left beside the option: wrap it anyway.
    this.minWidthToWrap = 20;
    this.sortOptions = false;
    this.sortSubcommands = false;
  }

  /** Commands are listed by name alone (their own help shows their usage). */
  override subcommandTerm(cmd: Program): string {
    return cmd.name();
  }

  override formatHelp(cmd: Program, helper: Help): string {
    const page = super.formatHelp(cmd, helper);
    const width = this.helpWidth ?? HELP_WIDTH_FALLBACK;
    const end = page.indexOf('\n');
    const usage = page.slice(0, end);
    const head = usage.slice(0, usage.length - cmd.usage().length).trimEnd();
    const details = this.details === undefined ? '' : `\n${wrapHelp(this.details, width)}\n`;
    return wrapUsage(usage, width, head) + page.slice(end) + details;
  }
}

/** The width Commander's help falls back to; ours always sets one. */
const HELP_WIDTH_FALLBACK = 100;

/** Builds the program; `found` receives the command and flags of the line that is parsed. */
function buildProgram(commands: Command[], version: string, found: (inv: Invocation) => void): Program {
  const width = helpWidth();
  const configure = (p: Program): Program =>
    p
      .exitOverride()
      .configureOutput({
        writeOut: (s) => process.stdout.write(s),
        writeErr: () => undefined,
        outputError: () => undefined,
      })
      .showSuggestionAfterError(false)
      .helpOption('-h, --help', 'show this help')
      .helpCommand(false)
      .allowExcessArguments(false);
  const program = configure(new Program('gridbits'));
  program.createHelp = () => new GridbitsHelp(width, MAIN_HELP_AFTER);
  program.description(INTRO).version(version, '-v, --version', 'print the version').usage('<command> [options]');

  const add = (parent: Program, c: Command, path: string[]): void => {
    const p = configure(new Program(c.name));
    p.createHelp = () => new GridbitsHelp(width, c.details);
    p.description(c.summary);
    const here = [...path, c.name];
    if (c.subcommands !== undefined) {
      p.usage('<subcommand> [options]');
      for (const s of c.subcommands) add(p, s, here);
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
      checkNames(c, here.join(' '), values, positionals);
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

/**
 * Refuses a value close to one of its flag's names but not one of them (`--piece knigt`), and so for the first
 * argument of a command whose arguments are names (`moves knigt d4`): "did you mean knight?". Values far from
 * every name are left to the command, whose parser knows the other forms (`1,2`, `knight+king`, `4,3,3,2`).
 */
function checkNames(c: Command, where: string, values: Parsed['values'], positionals: string[]): void {
  const close = (value: string, names: readonly string[]): string | undefined => {
    const lower = new Set(names.map((n) => n.toLowerCase()));
    for (const part of value.split(/[+,]/)) {
      const word = part.trim();
      if (!/^[a-z][a-z-]*$/i.test(word) || lower.has(word.toLowerCase())) continue;
      if (suggest(word, names) !== undefined) return word;
    }
    return undefined;
  };
  for (const [name, f] of Object.entries(c.flags)) {
    if (f.choices === undefined) continue;
    const v = values[name];
    for (const value of Array.isArray(v) ? v : typeof v === 'string' ? [v] : []) {
      const word = close(String(value), f.choices);
      if (word !== undefined)
        throw new GridbitsError('BAD_ARGUMENT', `${where}: unknown --${name} '${word}'${didYouMean(word, f.choices)}`);
    }
  }
  const first = positionals.find((p) => !BOARD_FORM.test(p));
  if (c.argumentChoices !== undefined && first !== undefined) {
    const { what, names } = c.argumentChoices;
    const word = close(first, names);
    if (word !== undefined)
      throw new GridbitsError('BAD_ARGUMENT', `${where}: unknown ${what} '${word}'${didYouMean(word, names)}`);
  }
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
  const level = last?.subcommands ?? (last === undefined ? commands : []);
  const word = /unknown command '([^']*)'/.exec(msg)?.[1];
  if (e.code === 'commander.unknownCommand' && word !== undefined && level.length > 0) {
    const names = level.map((s) => s.name);
    const hint = didYouMean(word, names);
    msg = `${msg}${hint !== '' ? hint : ` (${last ? 'subcommands' : 'commands'}: ${names.join(', ')})`}`;
  }
  if (e.code === 'commander.unknownCommand' && last?.subcommands)
    msg = msg.replace('unknown command', 'unknown subcommand');
  const unknown = /unknown option '(--?[A-Za-z0-9-]+)/.exec(msg);
  const group = path[path.length - 2];
  if (e.code === 'commander.unknownOption' && unknown !== null) {
    const own = last === undefined || last.subcommands ? {} : flagsOf(last);
    const names = [
      ...Object.entries(own).flatMap(([n, f]) => [n, ...(f.aliases ?? [])]),
      'help',
      ...(last === undefined ? ['version'] : []),
    ].map((n) => `--${n}`);
    msg += didYouMean(unknown[1], names);
  }
  if (e.code === 'commander.unknownOption' && unknown !== null && group?.subcommands && !/did you mean/.test(msg)) {
    // A flag of a sibling subcommand: say which ones take it.
    const users = group.subcommands.filter((s) => Object.hasOwn(s.flags, unknown[1].slice(2))).map((s) => s.name);
    if (users.length > 0) msg = `${unknown[1]} does not apply here (it is for ${group.name} ${users.join(', ')})`;
  }
  msg = msg.replace(/option '(--?[a-z-]+)(?: <[^>]*>)?' argument missing/, '$1 needs a value');
  return new GridbitsError('BAD_ARGUMENT', where === '' ? msg : `${where}: ${msg}`);
}

/** A topic's page: its title line, then its text wrapped to `width`. */
function topicPage(topic: HelpTopic, width: number): string {
  return `${wrapHelp(`gridbits help ${topic.name}: ${topic.summary}`, width)}\n\n${wrapHelp(topic.text, width)}\n`;
}

/**
 * Parses the command line: the command to run and its flags, or `{ done: true }` after printing help or the
 * version. Parser mistakes are thrown as one-line BAD_ARGUMENT errors.
 */
export async function parseCommandLine(commands: Command[], version: string, argv: string[]): Promise<Invocation> {
  // `gridbits help valley play` is `gridbits valley play --help`, `gridbits help shards` a topic's page; a name that
  // is neither is a mistake.
  if (argv[0] === 'help') {
    const words = argv.slice(1).filter((w) => !w.startsWith('-'));
    const topic = words.length === 1 ? HELP_TOPICS.find((t) => t.name === words[0]) : undefined;
    if (topic !== undefined) {
      process.stdout.write(topicPage(topic, helpWidth()));
      return { done: true };
    }
    const path = commandPath(commands, words);
    if (path.length < words.length) {
      const top = path.length === 0;
      const level = (top ? commands : (path[path.length - 1].subcommands ?? [])).map((c) => c.name);
      const names = top ? [...level, ...HELP_TOPICS.map((t) => t.name)] : level;
      const where = path.map((c) => c.name).join(' ');
      const word = words[path.length];
      const what = top ? `no command or topic '${word}'` : `${where} has no subcommand '${word}'`;
      const close = suggest(word, names);
      const list = top
        ? `commands: ${level.join(', ')}; topics: ${names.slice(level.length).join(', ')}`
        : level.join(', ');
      throw new GridbitsError(
        'BAD_ARGUMENT',
        `help: ${what} (${close !== undefined ? `did you mean ${close}?` : level.length > 0 ? list : 'it has none'})`,
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
