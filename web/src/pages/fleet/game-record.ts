// A Sea Battle game as the address keeps it: both fleets and every shot in order (yours first, then turn about),
// written short (squares as base-36 numbers, so the computer's fleet is not spelt out in square names), read back
// with every part checked, and replayed by the engine's rules to any shot; no DOM.
import {
  checkFleetCells,
  FleetGame,
  type FleetLayout,
  type FleetProblem,
  type ShotResult,
} from '../../../../src/fleet/index.js';
import { kindOf } from './placing.js';

/** Both fleets and the shots so far: shots[0], shots[2], … are yours, shots[1], shots[3], … the computer's. */
export interface GameRecord {
  /** Your fleet: the computer shoots at it. */
  mine: FleetLayout;
  /** The computer's fleet: you shoot at it. */
  theirs: FleetLayout;
  shots: number[];
}

/** One shot of a game: who fired and what it did. */
interface Fired {
  who: 'you' | 'computer';
  result: ShotResult;
}

/** A game replayed to some shot. */
export interface Replayed {
  mine: FleetGame;
  theirs: FleetGame;
  fired: Fired[];
  turn: 'you' | 'computer';
  winner: 'you' | 'computer' | null;
}

const squares = (cells: readonly number[]): string => cells.map((c) => c.toString(36)).join('-');

/** The record as the address's `game` parameter. */
export function encodeGame(r: GameRecord): string {
  const layout = (l: FleetLayout): string => l.ships.map((s) => squares(s.cells)).join('_');
  return [layout(r.mine), layout(r.theirs), squares(r.shots)].join('.');
}

function readSquares(text: string, cells: number): number[] | null {
  if (text === '') return [];
  const out = text.split('-').map((t) => (/^[0-9a-z]{1,4}$/.test(t) ? parseInt(t, 36) : -1));
  return out.every((c) => c >= 0 && c < cells) ? out : null;
}

/** A fleet read back: a valid layout of the problem's fleet, or null. */
function readLayout(problem: FleetProblem, text: string): FleetLayout | null {
  const cells = problem.width * problem.height;
  const ships: FleetLayout['ships'] = [];
  const mask = new Uint8Array(cells);
  for (const part of text.split('_')) {
    const sq = readSquares(part, cells);
    if (!sq || sq.length === 0) return null;
    const kind = kindOf(problem, sq);
    if (kind === null) return null;
    for (const c of sq) mask[c] = 1;
    ships.push({ kind, cells: sq });
  }
  return checkFleetCells(problem, mask).valid ? { ships } : null;
}

/** The record an address's `game` parameter holds for this problem, or null when it holds none that fits. */
export function decodeGame(problem: FleetProblem, text: string): GameRecord | null {
  const parts = text.split('.');
  if (parts.length !== 3) return null;
  const mine = readLayout(problem, parts[0]),
    theirs = readLayout(problem, parts[1]);
  const shots = readSquares(parts[2], problem.width * problem.height);
  if (!mine || !theirs || !shots) return null;
  const r = { mine, theirs, shots };
  return replayGame(problem, r) ? r : null;
}

/**
 * The game after its first `upTo` shots (all by default), by the rules: turns alternate, you first; null when a shot
 * could not have been fired (a square shot before, off the field, or after the end).
 */
export function replayGame(problem: FleetProblem, r: GameRecord, upTo = r.shots.length): Replayed | null {
  const mine = new FleetGame(problem, r.mine),
    theirs = new FleetGame(problem, r.theirs);
  const fired: Fired[] = [];
  for (let i = 0; i < Math.min(upTo, r.shots.length); i++) {
    const who = i % 2 === 0 ? 'you' : 'computer';
    const game = who === 'you' ? theirs : mine;
    if (!game.canShoot(r.shots[i])) return null;
    fired.push({ who, result: game.shoot(r.shots[i]) });
  }
  const winner = theirs.over ? 'you' : mine.over ? 'computer' : null;
  return { mine, theirs, fired, turn: fired.length % 2 === 0 ? 'you' : 'computer', winner };
}

/** A side's score: shots fired, how many hit a ship, and the share that did (a whole percent; 0 before any shot). */
export function scoreOf(game: FleetGame): { shots: number; hits: number; accuracy: number } {
  let hits = 0;
  for (const m of game.knowledge.marks) if (m >= 2) hits++;
  return { shots: game.shots, hits, accuracy: game.shots === 0 ? 0 : Math.round((100 * hits) / game.shots) };
}
