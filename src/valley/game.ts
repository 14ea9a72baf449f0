// A King's Valley game of any variant: the engine, the moves played, undo, the result with the draw rule, records.
import { checkOptions, refuse } from '../core/check.js';
import { GridbitsError } from '../core/error.js';
import { textArg } from './args.js';
import type { Engine } from './engine.js';
import { formatMove, makeMove, type Move } from './move.js';
import { parseSquares, type Setup } from './notation.js';
import { formatGameRecord, isJsonRecord, readAbstractPlayRecord, readRecordLines } from './record.js';
import { otherSide, sideArg, type Side } from './state.js';
import {
  VARIANTS,
  createVariantEngine,
  engineMoves,
  parseVariantPosition,
  findVariant,
  variantStart,
  type Variant,
  type VariantName,
} from './variant.js';

/** How a game starts and which rules it keeps. */
export interface GameOptions {
  /** 'standard' (default), 'retrieve' or 'labyrinth'. */
  variant?: VariantName;
  /** The starting position in the variant's notation (default: the variant's start). */
  position?: string;
  /** Who moves first from the variant's start (default White); with a position, its side field decides. */
  first?: Side;
  /** The draw rule (default on): the third occurrence of the same position (board and side to move) is a draw. */
  drawRule?: boolean;
}

/** How a game ended. */
export interface GameResult {
  /** Who won, null for a draw. */
  winner: Side | null;
  /** True for a draw (the third occurrence of a position). */
  draw: boolean;
  /** For people: why the game ended. */
  reason: string;
}

const NAME: Record<Side, string> = { white: 'White', black: 'Black' };

/** The draw rule of a game's options: a boolean, on by default. */
function drawRuleOf(options: { drawRule?: unknown }): boolean {
  if (options.drawRule !== undefined && typeof options.drawRule !== 'boolean')
    refuse('options.drawRule', 'true or false', options.drawRule);
  return options.drawRule ?? true;
}

/** A game: play and undo moves in notation; nothing changes when a move is refused. */
export class Game {
  /** The variant played. */
  readonly variant: Variant;
  /** Whether the third occurrence of a position draws. */
  readonly drawRule: boolean;
  /** The starting position string. */
  readonly start: string;
  /** The engine at the current position: read it, and change it only through play and undo. */
  readonly engine: Engine;
  private readonly played: Move[] = [];
  private readonly texts: string[] = [];
  /** The board and side to move of every position so far, the start first (the draw rule counts these). */
  private readonly seen: string[] = [];
  /** The engine's board keys of the same positions (the search's repetition check; no first-move flag). */
  private readonly keys: Array<[number, number]> = [];

  /** A new game (the variant's start unless options give a position); bad options throw BAD_ARGUMENT or BAD_INPUT. */
  constructor(options: GameOptions = {}) {
    checkOptions(options);
    this.variant = findVariant(options.variant ?? 'standard');
    this.drawRule = drawRuleOf(options);
    const first = options.first === undefined ? undefined : sideArg(options.first, 'options.first');
    if (options.position !== undefined) {
      textArg(options.position, 'options.position');
      const setup = parseVariantPosition(this.variant, options.position);
      if (first !== undefined && setup.side !== first) {
        throw new GridbitsError('BAD_ARGUMENT', `the position has ${setup.side} to move, but first is ${first}`);
      }
      this.engine = createVariantEngine(this.variant, setup);
    } else {
      this.engine = createVariantEngine(this.variant, variantStart(this.variant, first ?? 'white'));
    }
    this.start = this.engine.toString();
    this.remember();
  }

  /** The game a record describes (see readRecordLines); a bad line throws BAD_INPUT naming it. */
  static fromRecord(text: string, options: { drawRule?: boolean } = {}): Game {
    const rec = readRecordLines(textArg(text, 'record'));
    checkOptions(options);
    drawRuleOf(options);
    const named = (line: number, e: unknown): unknown =>
      e instanceof GridbitsError ? new GridbitsError('BAD_INPUT', `game record line ${line}: ${e.message}`) : e;
    let variant: VariantName = rec.start !== null && rec.start.text.split('/').length === 7 ? 'labyrinth' : 'standard';
    if (rec.variant !== null) {
      try {
        variant = findVariant(rec.variant).name;
      } catch (e) {
        throw named(1, e);
      }
    }
    let game: Game;
    try {
      game = new Game({ variant, position: rec.start?.text, drawRule: options.drawRule });
    } catch (e) {
      throw named(rec.start?.line ?? 1, e);
    }
    for (const { line, text: move } of rec.moves) {
      try {
        game.play(move);
      } catch (e) {
        throw named(line, e);
      }
    }
    return game;
  }

  /**
   * The game in a record of either kind the library reads: gridbits' own (see fromRecord) or AbstractPlay's JSON
   * (see readAbstractPlayRecord); a bad record throws BAD_INPUT naming the line, or the round and seat of the move.
   */
  static fromAnyRecord(text: string, options: { drawRule?: boolean } = {}): Game {
    if (!isJsonRecord(text)) return Game.fromRecord(text, options);
    checkOptions(options);
    drawRuleOf(options);
    const rec = readAbstractPlayRecord(text);
    const game = new Game({ variant: rec.variant, drawRule: options.drawRule });
    for (const m of rec.moves) {
      try {
        game.play(m.text);
      } catch (e) {
        if (e instanceof GridbitsError)
          throw new GridbitsError(
            'BAD_INPUT',
            `round ${m.round}, ${m.seat === 1 ? 'White' : 'Black'}'s move '${m.text}': ${e.message}`,
          );
        throw e;
      }
    }
    return game;
  }

  /** The record text: `variant NAME` unless standard, the start unless the usual one, one move per line. */
  record(): string {
    return formatGameRecord(this.variant.name, VARIANTS[this.variant.name].start, this.start, this.texts);
  }

  /** The moves played, in notation. */
  get moves(): readonly string[] {
    return this.texts;
  }

  /** The current position in the variant's notation. */
  get position(): string {
    return this.engine.toString();
  }

  /** The current position parsed (each side's squares), e.g. for drawing the board. */
  setup(): Setup {
    return parseVariantPosition(this.variant, this.engine.toString());
  }

  /** The side to move now. */
  get sideToMove(): Side {
    return this.engine.side;
  }

  /** The legal moves now, in notation and generation order; none once the game is over (a draw included). */
  legalMoves(): string[] {
    if (this.result() !== null) return [];
    return engineMoves(this.engine).map((m) => formatMove(m, this.engine.board));
  }

  /** The squares the piece on `square` may move to now (none for an empty square, the opponent's, or a game over). */
  targets(square: string): string[] {
    const from = this.variant.board.parse(textArg(square, 'square').trim().toLowerCase());
    return this.legalMoves()
      .filter((m) => this.variant.board.parse(m.slice(0, 2)) === from)
      .map((m) => m.slice(2));
  }

  /**
   * Plays a move like "b1e4"; a malformed or illegal move, or one after the end, throws BAD_INPUT and changes nothing.
   */
  play(move: string): void {
    textArg(move, 'move');
    const over = this.result();
    if (over !== null) throw new GridbitsError('BAD_INPUT', `the game is over (${over.reason}): no more moves`);
    const [from, to] = parseSquares(move, this.engine.board);
    const m = makeMove(from, to);
    if (!engineMoves(this.engine).includes(m))
      throw new GridbitsError('BAD_INPUT', `illegal move '${move.trim()}' in ${this.engine.toString()}`);
    this.engine.make(m);
    this.played.push(m);
    this.texts.push(formatMove(m, this.engine.board));
    this.remember();
  }

  /** Takes back the last move and returns it; throws BAD_INPUT when no move has been played. */
  undo(): string {
    const m = this.played.pop();
    if (m === undefined) throw new GridbitsError('BAD_INPUT', 'no move to undo');
    this.engine.unmake(m);
    this.seen.pop();
    this.keys.pop();
    return this.texts.pop() as string;
  }

  /** How the game ended, or null while it goes on. */
  result(): GameResult | null {
    const e = this.engine,
      w = e.winner(),
      valley = this.variant.board.name(e.valley);
    if (w !== null) {
      const reachedValley = e.king(w) === e.valley;
      const reason = reachedValley
        ? `the ${NAME[w]} King reached the valley ${valley}`
        : `the ${NAME[e.side]} King cannot move`;
      return { winner: w, draw: false, reason };
    }
    if (this.drawRule && this.occurrences() >= 3) {
      return {
        winner: null,
        draw: true,
        reason: 'the same position (board and side to move) occurred a third time: draw rule',
      };
    }
    // Only a custom position at ply 0 with no soldier able to move gets here: no legal move loses, as a boxed-in King
    // does.
    if (engineMoves(e).length === 0)
      return { winner: otherSide(e.side), draw: false, reason: `${NAME[e.side]} has no legal move` };
    return null;
  }

  /** How many times the current position (board and side to move) has occurred in this game, this time included. */
  occurrences(): number {
    const now = this.seen[this.seen.length - 1];
    let n = 0;
    for (const s of this.seen) if (s === now) n++;
    return n;
  }

  /**
   * The engine keys [keyLo, keyHi] of the positions so far, oldest first, the current one last (for the
   * search's history).
   */
  historyKeys(): Array<[number, number]> {
    return this.keys.map(([lo, hi]) => [lo, hi]);
  }

  private remember(): void {
    const [board, side] = this.engine.toString().split(' ');
    this.seen.push(`${board} ${side}`);
    this.keys.push(this.engine.boardKey());
  }
}
