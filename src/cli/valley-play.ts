// CLI `valley play`: a King's Valley game in the terminal (any variant, humans and AI players), moves read line by line.
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { GridbitsError, isGridbitsError } from '../core/error.js';
import { VARIANTS, VARIANT_NAMES, Game, createPlayer, findVariant, formatEngineMove, parsePlayer, type Colour, type GameResult, type Player } from '../valley/index.js';
import { bool, int, str, type Flag, type Parsed } from './command.js';
import type { Output } from './output.js';
import { valleyDiagram } from './valley-board.js';

const AI_PLY_CAP = 1000;

/** The flags play adds to the valley command; --white, --black and --seed are shared with match (their help covers both). */
export const VALLEY_PLAY_FLAGS: Record<string, Flag> = {
  variant: { type: 'string', value: 'V', help: `perft, best, match, play: ${VARIANT_NAMES.join(', ')} (default standard)` },
  first: { type: 'string', value: 'C', help: 'perft, best, match, play: white or black moves first from the start (default white)' },
  load: { type: 'string', value: 'FILE', help: 'play: continue the game in a record file' },
  white: { type: 'string', value: 'P', help: 'match, play: White player: random, greedy, ai, ai:1..ai:6; play also human (default: ai in match, human in play)' },
  black: { type: 'string', value: 'P', help: 'match, play: Black player (default: greedy in match, human in play)' },
  seed: { type: 'string', value: 'S', help: 'match: seed of the random opening plies and random players; play: of random players (default 1)' },
};

export const VALLEY_PLAY_USAGE = 'valley play [--white P] [--black P] [--variant V] [--first white|black] [--no-draw-rule] [--load FILE] [--seed S] [--json]';

export const VALLEY_PLAY_DETAILS = `Play (play): type a move like b1e4; type a square (b1) to see that piece's moves on the board; commands:
  moves, undo (with an AI opponent: back to your previous turn), save FILE, load FILE, new, board, help, quit.
  Moves are read line by line, so a file or pipe works too: printf 'b1e4\\nquit\\n' | gridbits valley play.
  With --json nothing is drawn: one JSON document at the end (moves, result, record, rejected lines).
  Two AI players play to the end on their own (at most ${AI_PLY_CAP} plies).
Draw rule (not in the publisher's rules; gridbits' default): the third time the same position (board and side
  to move) occurs, the game is a draw; the start counts like any other position. --no-draw-rule turns it off,
  for the game and the AI's search (which, with the rule on, scores a return to an earlier position as a draw).
Variants (--variant):
${VARIANT_NAMES.map((n) => `  ${n}: ${VARIANTS[n].about}\n    start: ${VARIANTS[n].start}`).join('\n')}
  Same rules in each: slides to the edge or a piece, soldiers never stop on the valley, the first move is a soldier's.
Game records: an optional 'variant NAME' line (not for standard), an optional start position line, then one move per line.`;

const NAME: Record<Colour, string> = { white: 'White', black: 'Black' };

type Seat = { human: true; name: string } | { human: false; name: string; player: Player };

function seat(text: string | undefined, seed: number): Seat {
  if (text === undefined || text.trim().toLowerCase() === 'human') return { human: true, name: 'human' };
  const spec = parsePlayer(text);
  return { human: false, name: text.trim().toLowerCase(), player: createPlayer(spec, seed) };
}

function readRecord(file: string, drawRule: boolean): Game {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new GridbitsError('BAD_INPUT', `cannot read '${file}': ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
  try {
    return Game.fromRecord(text, { drawRule });
  } catch (e) {
    if (isGridbitsError(e)) throw new GridbitsError('BAD_INPUT', `${file}: ${e.message}`);
    throw e;
  }
}

/** Writes the record through a temporary file, so a failed save leaves no half-written file. */
function writeRecord(file: string, game: Game): void {
  const tmp = `${file}.${process.pid}.tmp`;
  try {
    writeFileSync(tmp, game.record());
    renameSync(tmp, file);
  } catch (e) {
    throw new GridbitsError('BAD_INPUT', `cannot save to '${file}': ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
}

function describe(r: GameResult): string {
  return r.draw ? `draw: ${r.reason}` : `${NAME[r.winner as Colour]} wins: ${r.reason}`;
}

const HELP = `Type a move (b1e4), or a square (b1) to see that piece's moves. Commands:
  moves        the legal moves
  undo         take back the last move (with an AI opponent: back to your previous turn)
  save FILE    write the game record
  load FILE    continue the game in a record file
  new          start again (same variant and players)
  board        draw the board again
  help         this text
  quit         leave`;

/** One session: the game, the players, and what is printed. */
class Session {
  game: Game;
  readonly rejected: Array<{ input: string; error: string }> = [];
  private readonly fresh: () => Game;

  constructor(
    fresh: () => Game,
    first: Game,
    readonly seats: Record<Colour, Seat>,
    readonly drawRule: boolean,
    private readonly out: Output,
  ) {
    this.fresh = fresh;
    this.game = first;
  }

  say(text: string): void {
    if (!this.out.json) this.out.print(text);
  }

  refuse(input: string, e: unknown): void {
    if (!isGridbitsError(e)) throw e;
    this.rejected.push({ input, error: e.message });
    this.say(`? ${e.message}`);
  }

  show(marks: { from?: number; targets?: number[] } = {}): void {
    if (this.out.json) return;
    const g = this.game;
    this.say(valleyDiagram(g.setup(), g.variant.grid, this.out, marks));
    const r = g.result();
    this.say(r === null ? `${g.position}   ${NAME[g.sideToMove]} (${this.seats[g.sideToMove].name}) to move` : `${g.position}   game over, ${describe(r)}`);
  }

  get aiOnly(): boolean {
    return !this.seats.white.human && !this.seats.black.human;
  }

  /** AI players move until a human is to move or the game ends. */
  runAi(): void {
    for (;;) {
      const g = this.game, s = this.seats[g.sideToMove];
      if (s.human || g.result() !== null) return;
      if (this.aiOnly && g.moves.length >= AI_PLY_CAP) {
        this.say(`stopped after ${AI_PLY_CAP} plies`);
        return;
      }
      const m = s.player.choose({ engine: g.engine, history: g.historyKeys(), drawRule: this.drawRule });
      const text = formatEngineMove(g.engine, m);
      const side = g.sideToMove;
      g.play(text);
      this.say(`${NAME[side]} (${s.name}) plays ${text}`);
      this.show();
    }
  }

  /** Handles one line of input; false when the session should end. */
  command(line: string): boolean {
    const [word = '', arg, ...extra] = line.trim().split(/\s+/);
    const g = this.game;
    const cmd = word.toLowerCase();
    try {
      if (cmd === '') return true;
      if (extra.length > 0 || (arg !== undefined && cmd !== 'save' && cmd !== 'load')) throw new GridbitsError('BAD_INPUT', `'${line.trim()}': too many words (type help)`);
      if (cmd === 'quit' || cmd === 'exit' || cmd === 'q') return false;
      if (cmd === 'help' || cmd === '?') this.say(HELP);
      else if (cmd === 'board') this.show();
      else if (cmd === 'moves') this.say(g.legalMoves().sort().join(' ') || 'no moves: the game is over');
      else if (cmd === 'new') {
        this.game = this.fresh();
        this.show();
      } else if (cmd === 'undo') {
        this.say(`took back ${g.undo()}`);
        // Against an AI, go back to a human's turn (else the AI would replay at once).
        while (g.moves.length > 0 && !this.seats[g.sideToMove].human) this.say(`took back ${g.undo()}`);
        this.show();
      } else if (cmd === 'save' || cmd === 'load') {
        if (arg === undefined) throw new GridbitsError('BAD_INPUT', `${cmd}: give a file name, e.g. ${cmd} game.txt`);
        if (cmd === 'save') {
          writeRecord(arg, g);
          this.say(`saved ${g.moves.length} moves to ${arg}`);
        } else {
          this.game = readRecord(arg, this.drawRule);
          this.say(`loaded ${this.game.moves.length} moves from ${arg} (${this.game.variant.title})`);
          this.show();
        }
      } else if (/^[a-z][0-9]$/.test(cmd)) {
        const targets = g.targets(cmd);
        const from = g.variant.board.parse(cmd);
        this.show({ from, targets: targets.map((t) => g.variant.board.parse(t)) });
        this.say(targets.length > 0 ? `${cmd}: ${targets.map((t) => cmd + t).join(' ')}` : `${cmd}: no moves for ${NAME[g.sideToMove]} from here`);
      } else {
        if (!this.seats[g.sideToMove].human) throw new GridbitsError('BAD_INPUT', `it is the AI's turn`);
        g.play(cmd);
        this.show();
      }
    } catch (e) {
      this.refuse(line.trim(), e);
    }
    return true;
  }

  prompt(): string {
    const g = this.game;
    return g.result() === null ? `${NAME[g.sideToMove]} to move> ` : 'game over (undo, save FILE, new, quit)> ';
  }
}

export async function valleyPlay(args: Parsed, out: Output): Promise<void> {
  const extra = args.positionals[0];
  if (extra !== undefined) throw new GridbitsError('BAD_ARGUMENT', `valley play: unexpected argument '${extra}'`);
  const drawRule = !bool(args, 'no-draw-rule');
  const seed = int(args, 'seed', 0, 2 ** 31 - 1, 1) as number;
  const seats = { white: seat(str(args, 'white'), seed), black: seat(str(args, 'black'), seed + 1) };
  const variantText = str(args, 'variant'), firstText = str(args, 'first'), load = str(args, 'load');
  if (firstText !== undefined && firstText !== 'white' && firstText !== 'black') throw new GridbitsError('BAD_ARGUMENT', `--first must be white or black, got '${firstText}'`);
  const variant = findVariant(variantText ?? 'standard').name;
  if (load !== undefined && (variantText !== undefined || firstText !== undefined)) {
    throw new GridbitsError('BAD_ARGUMENT', 'valley play: --load takes the variant and the start from the file; leave out --variant and --first');
  }
  const fresh = (): Game => new Game({ variant, first: firstText as Colour | undefined, drawRule });
  const session = new Session(fresh, load !== undefined ? readRecord(load, drawRule) : fresh(), seats, drawRule, out);

  session.say(`${session.game.variant.title}: White ${seats.white.name}, Black ${seats.black.name}; draw rule ${drawRule ? 'on' : 'off'}. Type help for commands.`);
  session.show();
  session.runAi();
  if (!session.aiOnly) {
    const tty = process.stdin.isTTY === true;
    const rl = createInterface({ input: process.stdin, output: tty ? process.stdout : undefined, terminal: tty });
    // On a terminal readline reads Ctrl-C as a key: leave as Ctrl-C does elsewhere.
    rl.on('SIGINT', () => process.emit('SIGINT'));
    const lines = rl[Symbol.asyncIterator]();
    for (;;) {
      if (!out.json) process.stdout.write(session.prompt());
      const next = await lines.next();
      if (next.done === true) {
        if (!out.json) process.stdout.write('\n');
        break;
      }
      // Piped input is not echoed by a terminal: echo it so the transcript reads as a game.
      if (!tty && !out.json) process.stdout.write(next.value + '\n');
      if (!session.command(next.value)) break;
      session.runAi();
    }
    rl.close();
  }
  const g = session.game;
  if (out.json) {
    out.printJson({
      variant: g.variant.name,
      start: g.start,
      white: seats.white.name,
      black: seats.black.name,
      drawRule,
      moves: g.moves,
      position: g.position,
      result: g.result(),
      record: g.record(),
      rejected: session.rejected,
    });
  }
}
