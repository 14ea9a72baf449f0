// The work of `valley play` (valley.ts has its flags and help): a King's Valley game in the terminal (any variant,
// humans and AI players), moves read line by line.
import { createInterface } from 'node:readline';
import { GridbitsError, isGridbitsError } from '../core/error.js';
import { finishedValue } from '../core/job.js';
import { createPlayer, parsePlayer, type Player, type PlayerSpec } from '../valley/ai.js';
import { Game, type GameResult } from '../valley/game.js';
import { formatMove } from '../valley/move.js';
import { moveText } from '../valley/notation.js';
import type { Side } from '../valley/state.js';
import { findVariant } from '../valley/variant.js';
import { bool, str, type Parsed } from './command.js';
import { seedOf } from './seed.js';
import { readTextArg } from './io.js';
import type { Output } from './output.js';
import { openSink } from './sink.js';
import { valleyDiagram } from './valley-board.js';
import { boardJson } from './valley-shared.js';
import { plural } from './words.js';
import { AI_PLY_CAP } from './constants.js';

const NAME: Record<Side, string> = { white: 'White', black: 'Black' };

/** A seat: a person, or a player (`random` when its moves draw on the seed: the random and greedy players). */
type Seat = { human: true; name: string } | { human: false; name: string; player: Player; random: boolean };

function seat(text: string | undefined, seed: number): Seat {
  if (text === undefined || text.trim().toLowerCase() === 'human') return { human: true, name: 'human' };
  let spec: PlayerSpec;
  try {
    spec = parsePlayer(text);
  } catch (e) {
    // Here a seat may also be a person at the keyboard: the list of players says so.
    if (isGridbitsError(e)) throw new GridbitsError(e.code, e.message.replace(/\(random, /, '(human, random, '));
    throw e;
  }
  const random = spec.kind === 'random' || spec.kind === 'greedy';
  return { human: false, name: text.trim().toLowerCase(), player: createPlayer(spec, seed), random };
}

/** A game record's text replayed: gridbits' record, or AbstractPlay's JSON; errors name the file and the move. */
function gameOfRecord(text: string, name: string, drawRule: boolean): Game {
  try {
    return Game.fromAnyRecord(text, { drawRule });
  } catch (e) {
    if (isGridbitsError(e)) throw new GridbitsError('BAD_INPUT', `${name}: ${e.message}`);
    throw e;
  }
}

async function readRecord(file: string, drawRule: boolean): Promise<Game> {
  return gameOfRecord(await readTextArg(file, 'the game record'), file === '-' ? 'standard input' : file, drawRule);
}

/** Writes the record as --out writes: a file replaced whole at once, a symlink written through, a device in place. */
function writeRecord(file: string, game: Game): void {
  const words = (e: unknown): unknown =>
    isGridbitsError(e) ? new GridbitsError('BAD_INPUT', e.message.replace(/^cannot write /, 'cannot save to ')) : e;
  let sink;
  try {
    sink = openSink(file, 'save');
  } catch (e) {
    throw words(e);
  }
  try {
    sink.text(game.record());
    sink.commit();
  } catch (e) {
    sink.abandon();
    throw words(e);
  }
}

function describe(r: GameResult): string {
  return r.draw ? `draw: ${r.reason}` : `${NAME[r.winner as Side]} wins: ${r.reason}`;
}

const HELP = `Type a move (b1e4, b1-e4 or b1 e4), or a square (b1) to see that piece's moves. Commands:
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
    readonly seats: Record<Side, Seat>,
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
    this.say(
      r === null
        ? `${g.position}   ${NAME[g.sideToMove]} (${this.seats[g.sideToMove].name}) to move`
        : `${g.position}   game over, ${describe(r)}`,
    );
  }

  get aiOnly(): boolean {
    return !this.seats.white.human && !this.seats.black.human;
  }

  /** AI players move until a human is to move or the game ends; the event loop gets a turn between moves (Ctrl-C). */
  async runAi(): Promise<void> {
    for (;;) {
      const g = this.game,
        s = this.seats[g.sideToMove];
      if (s.human || g.result() !== null) return;
      if (this.aiOnly && g.moves.length >= AI_PLY_CAP) {
        this.say(`stopped after ${AI_PLY_CAP} plies`);
        return;
      }
      await new Promise((resolve) => setImmediate(resolve));
      const turn = { engine: g.engine, history: g.historyKeys(), drawRule: this.drawRule };
      // A searching player's move (ai:6 thinks 1 s) gives the event loop a turn every 20 ms: Ctrl-C at once.
      const m = s.player.chooseJob ? finishedValue(await s.player.chooseJob(turn).run()) : s.player.choose(turn);
      const text = formatMove(m, g.engine.board);
      const side = g.sideToMove;
      g.play(text);
      this.say(`${NAME[side]} (${s.name}) plays ${text}`);
      this.show();
    }
  }

  /** Handles one line of input; false when the session should end. */
  async command(input: string): Promise<boolean> {
    // A move written as two words ("b1 e4") is one move.
    const joined = moveText(input);
    const line = /^[a-z][0-9]{1,2}[a-z][0-9]{1,2}$/.test(joined) ? joined : input;
    const [word = '', arg, ...extra] = line.trim().split(/\s+/);
    const g = this.game;
    const cmd = word.toLowerCase();
    try {
      if (cmd === '') return true;
      if (extra.length > 0 || (arg !== undefined && cmd !== 'save' && cmd !== 'load'))
        throw new GridbitsError('BAD_INPUT', `'${line.trim()}': too many words (type help)`);
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
          this.say(`saved ${plural(g.moves.length, 'move')} to ${arg}`);
        } else {
          if (arg === '-')
            throw new GridbitsError('BAD_INPUT', 'load -: standard input holds the commands here; give a file name');
          this.game = await readRecord(arg, this.drawRule);
          this.say(`loaded ${plural(this.game.moves.length, 'move')} from ${arg} (${this.game.variant.title})`);
          this.show();
        }
      } else if (/^[a-z][0-9]$/.test(cmd)) {
        const targets = g.targets(cmd);
        const from = g.variant.board.parse(cmd);
        this.show({ from, targets: targets.map((t) => g.variant.board.parse(t)) });
        this.say(
          targets.length > 0
            ? `${cmd}: ${targets.map((t) => cmd + t).join(' ')}`
            : `${cmd}: no moves for ${NAME[g.sideToMove]} from here`,
        );
      } else {
        if (!this.seats[g.sideToMove].human) throw new GridbitsError('BAD_INPUT', `it is the AI's turn`);
        g.play(cmd);
        this.show();
      }
    } catch (e) {
      this.refuse(input.trim(), e);
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
  const seed = seedOf(args, 2 ** 31 - 1);
  const seats = { white: seat(str(args, 'white'), seed), black: seat(str(args, 'black'), seed + 1) };
  // The seed drives the random and greedy players alone: printed where one plays, refused where none does.
  const seeded = [seats.white, seats.black].some((s) => !s.human && s.random);
  if (!seeded && str(args, 'seed') !== undefined)
    throw new GridbitsError(
      'BAD_ARGUMENT',
      'valley play: --seed is for the random and greedy players; neither plays here',
    );
  const variantText = str(args, 'variant'),
    firstText = str(args, 'first'),
    load = str(args, 'load'),
    position = str(args, 'position');
  if (firstText !== undefined && firstText !== 'white' && firstText !== 'black')
    throw new GridbitsError('BAD_ARGUMENT', `--first must be white or black, got '${firstText}'`);
  const variant = findVariant(variantText ?? 'standard').name;
  if (load !== undefined && (variantText !== undefined || firstText !== undefined)) {
    throw new GridbitsError(
      'BAD_ARGUMENT',
      'valley play: --load takes the variant and the start from the file; leave out --variant and --first',
    );
  }
  if (load !== undefined && position !== undefined)
    throw new GridbitsError('BAD_ARGUMENT', 'valley play: give --position or --load, not both');
  const fresh = (): Game => new Game({ variant, position, first: firstText as Side | undefined, drawRule });
  const session = new Session(
    fresh,
    load !== undefined ? await readRecord(load, drawRule) : fresh(),
    seats,
    drawRule,
    out,
  );

  session.say(
    `${session.game.variant.title}: White ${seats.white.name}, Black ${seats.black.name}; draw rule ${drawRule ? 'on' : 'off'}${seeded ? `; seed ${seed}` : ''}. Type help for commands.`,
  );
  session.show();
  await session.runAi();
  // A record read from standard input leaves no commands to read there: the game just loads.
  if (!session.aiOnly && load !== '-') {
    const tty = process.stdin.isTTY === true;
    const rl = createInterface({ input: process.stdin, output: tty ? process.stdout : undefined, terminal: tty });
    // On a terminal readline reads Ctrl-C as a key: leave as Ctrl-C does elsewhere.
    rl.on('SIGINT', () => process.emit('SIGINT'));
    const lines = rl[Symbol.asyncIterator]();
    // The prompt and the echo are part of the transcript: they go where the result goes (standard output or --out).
    for (;;) {
      if (!out.json) out.sink.text(session.prompt());
      const next = await lines.next();
      if (next.done === true) {
        if (!out.json) out.sink.text('\n');
        break;
      }
      // Piped input is not echoed by a terminal: echo it so the transcript reads as a game.
      if (!tty && !out.json) out.sink.text(next.value + '\n');
      if (!(await session.command(next.value))) break;
      await session.runAi();
    }
    rl.close();
  }
  const g = session.game;
  if (out.json) {
    out.printJson({
      variant: g.variant.name,
      board: boardJson(g.variant),
      start: g.start,
      white: seats.white.name,
      black: seats.black.name,
      drawRule,
      ...(seeded ? { seed } : {}),
      moves: g.moves,
      position: g.position,
      result: g.result(),
      record: g.record(),
      rejected: session.rejected,
    });
  }
}
