// The fleet names the package root exported before 0.2 (flat, some renamed), kept for this release as thin deprecated wrappers over 'gridbits/fleet'.
import { GridbitsError } from '../core/error.js';
import type { Outcome } from '../core/job.js';
import type { Rng } from '../core/prng.js';
import type { RunOptions } from '../core/run.js';
import * as n from './index.js';

/** The value of a finished outcome; a stopped one throws as the old calls did (ABORTED, or LIMIT with `limit`'s words). */
function old<T>(outcome: Outcome<T, unknown>, limit: (stopped: 'nodes' | 'time') => string): T {
  if (outcome.finished) return outcome.value;
  if (outcome.stopped === 'signal') throw new GridbitsError('ABORTED', 'stopped before finishing');
  throw new GridbitsError('LIMIT', limit(outcome.stopped));
}

/** The old count's words for a spent budget. */
function countLimit(options: RunOptions): (stopped: 'nodes' | 'time') => string {
  return (stopped) =>
    stopped === 'nodes'
      ? `budget exhausted after ${options.maxNodes} states`
      : `the count did not finish within the time limit (${options.timeoutMs} ms)`;
}

/** @deprecated Use `PlaceOptions` and the run options from 'gridbits/fleet' (placeFleet takes both in one object). */
export type PlaceOptions = n.PlaceOptions & RunOptions;

/** @deprecated Use `PlaceResult` from 'gridbits/fleet' (a spent budget is now an unfinished outcome, not `exists: null`). */
export type PlaceResult =
  | n.PlaceResult
  | {
      /** The budget ran out first: neither a layout nor a proof that none exists. */
      exists: null;
      /** Which budget ran out, in words. */
      reason: string;
      /** Search nodes spent. */
      nodes: number;
    };

/** A placement outcome in the old shape: a spent budget is `exists: null`; the signal throws ABORTED. */
function placeResult(outcome: Outcome<n.PlaceResult>, options: PlaceOptions): PlaceResult {
  if (outcome.finished) return outcome.value;
  if (outcome.stopped === 'signal') throw new GridbitsError('ABORTED', 'stopped before finishing');
  const limit = outcome.stopped === 'nodes' ? `maxNodes ${options.maxNodes}` : `timeoutMs ${options.timeoutMs}`;
  return {
    exists: null,
    nodes: outcome.nodes,
    reason: `budget exhausted (${limit}) after ${outcome.nodes} nodes: neither a layout nor a proof that none exists`,
  };
}

/** @deprecated Use `FleetPlacer` from 'gridbits/fleet' (place is async there, placeSync sync, and both return an Outcome). */
export class FleetPlacer {
  private readonly placer: n.FleetPlacer;
  /** The problem it places. */
  readonly problem: n.FleetProblem;
  /** Every legal placement of every kind. */
  readonly placements: n.FleetPlacements;
  /** Ships in the fleet. */
  readonly total: number;

  /** A placer for the problem. */
  constructor(problem: n.FleetProblem, placements?: n.FleetPlacements) {
    this.placer = new n.FleetPlacer(problem, placements);
    this.problem = problem;
    this.placements = this.placer.placements;
    this.total = this.placer.total;
  }

  /** Search nodes of the last search. */
  get nodes(): number {
    return this.placer.nodes;
  }

  /** Searches synchronously (with the options' budget). */
  place(options: PlaceOptions = {}): PlaceResult {
    return placeResult(this.placer.placeSync(options), options);
  }

  /** Searches in slices, yielding to the event loop between them. */
  async placeAsync(options: PlaceOptions = {}): Promise<PlaceResult> {
    return placeResult(await this.placer.place(options), options);
  }
}

/** @deprecated Use `placeFleetSync` from 'gridbits/fleet'. */
export function placeFleet(problem: n.FleetProblem, options: PlaceOptions = {}): PlaceResult {
  return new FleetPlacer(problem).place(options);
}

/** @deprecated Use `placeFleet` from 'gridbits/fleet'. */
export function placeFleetAsync(problem: n.FleetProblem, options: PlaceOptions = {}): Promise<PlaceResult> {
  return new FleetPlacer(problem).placeAsync(options);
}

/** @deprecated Use `countLayouts` from 'gridbits/fleet' (it returns an Outcome). */
export async function countLayouts(problem: n.FleetProblem, options: RunOptions = {}): Promise<bigint> {
  return old(await n.countLayouts(problem, options), countLimit(options));
}

/** @deprecated Use `countLayoutsSync` from 'gridbits/fleet' (it returns an Outcome). */
export function countLayoutsSync(problem: n.FleetProblem, options: RunOptions & n.CountOptions = {}): bigint {
  return old(n.countLayoutsSync(problem, options), countLimit(options));
}

/** @deprecated Use `uniformSampler` from 'gridbits/fleet'. */
export async function createUniformSampler(problem: n.FleetProblem, options: RunOptions = {}): Promise<n.FleetSampler> {
  return old(await n.uniformSampler(problem, options), countLimit(options));
}

/** @deprecated Use `uniformSamplerSync` from 'gridbits/fleet'. */
export function createUniformSamplerSync(problem: n.FleetProblem, options: RunOptions = {}): n.FleetSampler {
  return old(n.uniformSamplerSync(problem, options), countLimit(options));
}

/** @deprecated Use `cellCounts` from 'gridbits/fleet'. */
export async function cellCounts(problem: n.FleetProblem, options: RunOptions = {}): Promise<n.CellCounts> {
  return old(await n.cellCounts(problem, options), countLimit(options));
}

/** @deprecated Use `cellCountsSync` from 'gridbits/fleet'. */
export function cellCountsSync(problem: n.FleetProblem, options: RunOptions = {}): n.CellCounts {
  return old(n.cellCountsSync(problem, options), countLimit(options));
}

/** @deprecated Use `HeatOptions` and the run options from 'gridbits/fleet'. */
export type HeatOptions = n.HeatOptions & RunOptions;

/** @deprecated Use `heatMap` from 'gridbits/fleet' (it returns an Outcome; a stopped sampled run keeps its samples as the partial). */
export async function heatMap(
  problem: n.FleetProblem,
  knowledge: n.Knowledge,
  options: HeatOptions = {},
): Promise<n.HeatMap> {
  const outcome = await n.heatMap(problem, knowledge, options);
  return old(outcome, () =>
    outcome.finished || outcome.partial === undefined
      ? `exact heat: the count did not finish within its limits; try the sampled method`
      : `sampled heat: time limit reached after ${outcome.partial.samples} of ${options.samples ?? n.DEFAULT_HEAT_SAMPLES} layouts`,
  );
}

/** @deprecated Use `SimOptions` and the run options from 'gridbits/fleet'. */
export type FleetSimOptions = n.SimOptions & RunOptions;

/** @deprecated Use `SimResult` from 'gridbits/fleet' (the outcome now says whether the run was stopped). */
export type FleetSimResult = n.SimResult & {
  /** Set when the run stopped at a limit before every game was played (the statistics then cover the games played). */
  stopped?: 'time';
};

/** @deprecated Use `simulate` from 'gridbits/fleet' (it returns an Outcome whose partial holds the games played). */
export async function simulateFleetGames(problem: n.FleetProblem, options: FleetSimOptions): Promise<FleetSimResult> {
  const outcome = await n.simulate(problem, options);
  if (outcome.finished) return outcome.value;
  if (outcome.stopped === 'signal') throw new GridbitsError('ABORTED', 'stopped before finishing');
  return { ...outcome.partial!, stopped: 'time' };
}

/** @deprecated Use `UniformOptions` and the run options from 'gridbits/fleet'. */
export type FleetUniformOptions = n.UniformOptions & RunOptions;

/** @deprecated Use `uniformLayouts` from 'gridbits/fleet' (it returns an Outcome). */
export async function uniformFleetLayouts(
  problem: n.FleetProblem,
  rng: Rng,
  count: number,
  options: FleetUniformOptions = {},
): Promise<n.UniformDraw> {
  const limit = countLimit(options);
  return old(
    await n.uniformLayouts(problem, rng, count, options),
    (stopped) =>
      `uniform layouts need the exact counts here (rejection found none): ${limit(stopped)}; the rails and search methods place without the uniform guarantee`,
  );
}

/** @deprecated Use `uniformLayoutSource` from 'gridbits/fleet' (it returns an Outcome). */
export async function uniformFleetLayoutSource(
  problem: n.FleetProblem,
  options: RunOptions = {},
): Promise<(rng: Rng) => n.FleetLayout> {
  return old(await n.uniformLayoutSource(problem, options), countLimit(options));
}

// The root exports these from core as well: the same bindings, so they do not clash there.
export { uniformBelow, uniformBelowBig } from '../core/prng.js';

/** @deprecated Use `FleetLayout` from 'gridbits/fleet'. */
export type FleetLayout = n.FleetLayout;
/** @deprecated Use `FleetProblem` from 'gridbits/fleet'. */
export type FleetProblem = n.FleetProblem;
/** @deprecated Use `ShipKind` from 'gridbits/fleet'. */
export type ShipKind = n.ShipKind;
/** @deprecated Use `Touch` from 'gridbits/fleet'. */
export type Touch = n.Touch;
/** @deprecated Use `MAX_SHIP_CELLS` from 'gridbits/fleet'. */
export const MAX_SHIP_CELLS = n.MAX_SHIP_CELLS;
/** @deprecated Use `isConnected` from 'gridbits/fleet'. */
export const isConnectedShape = n.isConnected;
/** @deprecated Use `isStraight` from 'gridbits/fleet'. */
export const isStraight = n.isStraight;
/** @deprecated Use `normaliseShape` from 'gridbits/fleet'. */
export const normaliseShape = n.normaliseShape;
/** @deprecated Use `parseShape` from 'gridbits/fleet'. */
export const parseShape = n.parseShape;
/** @deprecated Use `shapeClassId` from 'gridbits/fleet'. */
export const shapeClassId = n.shapeClassId;
/** @deprecated Use `shapeId` from 'gridbits/fleet'. */
export const shapeId = n.shapeId;
/** @deprecated Use `shapeOrientations` from 'gridbits/fleet'. */
export const shapeOrientations = n.shapeOrientations;
/** @deprecated Use `shapeText` from 'gridbits/fleet'. */
export const shapeText = n.shapeText;
/** @deprecated Use `straightShape` from 'gridbits/fleet'. */
export const straightShape = n.straightShape;
/** @deprecated Use `Offset` from 'gridbits/fleet'. */
export type ShipOffset = n.Offset;
/** @deprecated Use `Shape` from 'gridbits/fleet'. */
export type ShipShape = n.Shape;
/** @deprecated Use `FLEETS` from 'gridbits/fleet'. */
export const FLEETS = n.FLEETS;
/** @deprecated Use `TOUCH_RULES` from 'gridbits/fleet'. */
export const FLEET_TOUCH_RULES = n.TOUCH_RULES;
/** @deprecated Use `fleetKinds` from 'gridbits/fleet'. */
export const fleetKinds = n.fleetKinds;
/** @deprecated Use `fleetProblem` from 'gridbits/fleet'. */
export const fleetProblem = n.fleetProblem;
/** @deprecated Use `parseFleet` from 'gridbits/fleet'. */
export const parseFleet = n.parseFleet;
/** @deprecated Use `parseTouch` from 'gridbits/fleet'. */
export const parseTouch = n.parseTouch;
/** @deprecated Use `shipCount` from 'gridbits/fleet'. */
export const shipCount = n.shipCount;
/** @deprecated Use `FleetSpec` from 'gridbits/fleet'. */
export type FleetSpec = n.FleetSpec;
/** @deprecated Use `FLEET_MAX_SIDE` from 'gridbits/fleet'. */
export const FLEET_MAX_SIDE = n.FLEET_MAX_SIDE;
/** @deprecated Use `checkFleetBoardSize` from 'gridbits/fleet'. */
export const checkFleetBoardSize = n.checkFleetBoardSize;
/** @deprecated Use `mergeForbidden` from 'gridbits/fleet'. */
export const mergeFleetForbidden = n.mergeForbidden;
/** @deprecated Use `parseFleetBoard` from 'gridbits/fleet'. */
export const parseFleetBoard = n.parseFleetBoard;
/** @deprecated Use `parseForbidList` from 'gridbits/fleet'. */
export const parseFleetForbidList = n.parseForbidList;
/** @deprecated Use `parseMask` from 'gridbits/fleet'. */
export const parseFleetMask = n.parseMask;
/** @deprecated Use `fleetPlacements` from 'gridbits/fleet'. */
export const fleetPlacements = n.fleetPlacements;
/** @deprecated Use `placementBitboard` from 'gridbits/fleet'. */
export const fleetPlacementBitboard = n.placementBitboard;
/** @deprecated Use `placementCells` from 'gridbits/fleet'. */
export const fleetPlacementCells = n.placementCells;
/** @deprecated Use `placementHalo` from 'gridbits/fleet'. */
export const fleetPlacementHalo = n.placementHalo;
/** @deprecated Use `FleetPlacements` from 'gridbits/fleet'. */
export type FleetPlacements = n.FleetPlacements;
/** @deprecated Use `PlaceMethod` from 'gridbits/fleet'. */
export type PlaceMethod = n.PlaceMethod;
/** @deprecated Use `checkFleetLayout` from 'gridbits/fleet'. */
export const checkFleetLayout = n.checkFleetLayout;
/** @deprecated Use `parseLayoutGrid` from 'gridbits/fleet'. */
export const parseFleetLayoutGrid = n.parseLayoutGrid;
/** @deprecated Use `FleetCheck` from 'gridbits/fleet'. */
export type FleetCheck = n.FleetCheck;
/** @deprecated Use `FleetSampler` from 'gridbits/fleet'. */
export type FleetSampler = n.FleetSampler;
/** @deprecated Use `DEFAULT_HEAT_SAMPLES` from 'gridbits/fleet'. */
export const DEFAULT_HEAT_SAMPLES = n.DEFAULT_HEAT_SAMPLES;
/** @deprecated Use `HeatMap` from 'gridbits/fleet'. */
export type HeatMap = n.HeatMap;
/** @deprecated Use `HeatMethod` from 'gridbits/fleet'. */
export type HeatMethod = n.HeatMethod;
/** @deprecated Use `FleetGame` from 'gridbits/fleet'. */
export class FleetGame extends n.FleetGame {}
/** @deprecated Use `checkKnowledge` from 'gridbits/fleet'. */
export const checkKnowledge = n.checkKnowledge;
/** @deprecated Use `conditionedProblem` from 'gridbits/fleet'. */
export const conditionedProblem = n.conditionedProblem;
/** @deprecated Use `emptyKnowledge` from 'gridbits/fleet'. */
export const emptyKnowledge = n.emptyKnowledge;
/** @deprecated Use `recordShot` from 'gridbits/fleet'. */
export const recordShot = n.recordShot;
/** @deprecated Use `Knowledge` from 'gridbits/fleet'. */
export type Knowledge = n.Knowledge;
/** @deprecated Use `Reply` from 'gridbits/fleet'. */
export type ShotReply = n.Reply;
/** @deprecated Use `ShotResult` from 'gridbits/fleet'. */
export type ShotResult = n.ShotResult;
/** @deprecated Use `SunkShip` from 'gridbits/fleet'. */
export type SunkShip = n.SunkShip;
/** @deprecated Use `DEFAULT_HUNTER_SAMPLES` from 'gridbits/fleet'. */
export const DEFAULT_HUNTER_SAMPLES = n.DEFAULT_HUNTER_SAMPLES;
/** @deprecated Use `HUNTER_STRATEGIES` from 'gridbits/fleet'. */
export const HUNTER_STRATEGIES = n.HUNTER_STRATEGIES;
/** @deprecated Use `createHunter` from 'gridbits/fleet'. */
export const createHunter = n.createHunter;
/** @deprecated Use `placementDensity` from 'gridbits/fleet'. */
export const placementDensity = n.placementDensity;
/** @deprecated Use `Hunter` from 'gridbits/fleet'. */
export type Hunter = n.Hunter;
/** @deprecated Use `HunterOptions` from 'gridbits/fleet'. */
export type HunterOptions = n.HunterOptions;
/** @deprecated Use `HunterStrategy` from 'gridbits/fleet'. */
export type HunterStrategy = n.HunterStrategy;
/** @deprecated Use `PosteriorEstimator` from 'gridbits/fleet'. */
export class PosteriorEstimator extends n.PosteriorEstimator {}
/** @deprecated Use `PosteriorEstimate` from 'gridbits/fleet'. */
export type PosteriorEstimate = n.PosteriorEstimate;
/** @deprecated Use `gameSeeds` from 'gridbits/fleet'. */
export const fleetGameSeeds = n.gameSeeds;
/** @deprecated Use `playOut` from 'gridbits/fleet'. */
export const fleetPlayOut = n.playOut;
/** @deprecated Use `shotStats` from 'gridbits/fleet'. */
export const fleetShotStats = n.shotStats;
/** @deprecated Use `ShotStats` from 'gridbits/fleet'. */
export type FleetShotStats = n.ShotStats;
/** @deprecated Use `SHOTS_FORMAT` from 'gridbits/fleet'. */
export const SHOTS_FORMAT = n.SHOTS_FORMAT;
/** @deprecated Use `parseShots` from 'gridbits/fleet'. */
export const parseShots = n.parseShots;
/** @deprecated Use `RejectionSampler` from 'gridbits/fleet'. */
export class RejectionSampler extends n.RejectionSampler {}
/** @deprecated Use `rejectionLayouts` from 'gridbits/fleet'. */
export const rejectionLayouts = n.rejectionLayouts;
/** @deprecated Use `CellCounts` from 'gridbits/fleet'. */
export type CellCounts = n.CellCounts;
/** @deprecated Use `UniformDraw` from 'gridbits/fleet'. */
export type FleetUniformDraw = n.UniformDraw;
