// The Sea Battle engine's public face (`gridbits/fleet`): the problem model, shapes, fleets, field, placements,
// placement search, counts, sampling, heat maps, the hunting AI and simulation.
/**
 * Sea Battle (Battleship) on any board, with any fleet of straight ships or polyominoes: a {@link FleetProblem}
 * built by {@link fleetProblem}, legal layouts found by {@link placeFleet}, counted exactly by
 * {@link countLayouts} and drawn uniformly by {@link uniformLayouts}. Games are played with {@link FleetGame},
 * hit chances mapped by {@link heatMap}, and hunting AIs ({@link createHunter}) measured by {@link simulate}.
 * @module fleet
 */
export type { FleetLayout, FleetProblem, PlacedShip, ShipKind, Touch } from './problem.js';
export {
  MAX_SHIP_CELLS,
  isConnected,
  isStraight,
  normaliseShape,
  parseShape,
  shapeClassId,
  shapeId,
  shapeOrientations,
  shapeText,
  straightShape,
  type Offset,
  type Shape,
} from './shape.js';
export { shipKindName, shipKindNames, shipsInWords, type ShapedKind } from './names.js';
export {
  FLEETS,
  TOUCH_RULES,
  fleetKinds,
  fleetProblem,
  parseFleet,
  parseTouch,
  shipCount,
  type FleetSpec,
  type NamedFleet,
  type ParsedFleet,
} from './fleets.js';
export {
  FLEET_MAX_SIDE,
  checkFleetBoardSize,
  mergeForbidden,
  parseFleetBoard,
  parseForbidList,
  parseMask,
  type ParsedMask,
} from './field.js';
export {
  fleetPlacements,
  placementBitboard,
  placementCells,
  placementHalo,
  type FleetPlacements,
} from './placements.js';
export {
  placeFleet,
  placeFleetJob,
  placeFleetSync,
  type PlaceMethod,
  type PlaceOptions,
  type PlacedLayouts,
  type PlaceResult,
} from './place.js';
export { checkFleetCells, checkFleetLayout, parseLayoutGrid, type FleetCheck, type ParsedLayoutGrid } from './check.js';
export { MAX_TABLE_BYTES, isTooLarge, type TooLarge } from './memory.js';
export type { ScanOrder } from './count-plan.js';
export { countLayouts, countLayoutsJob, countLayoutsSync, type FleetCountOptions } from './count.js';
export {
  countLayoutShard,
  countLayoutShardJob,
  countLayoutShardSync,
  layoutCountQuestion,
  shardLayoutCount,
  type LayoutCountQuestion,
  type ShardedLayoutCount,
} from './count-shards.js';
export { DEFAULT_SHARDS, type ShardCount } from '../core/shards.js';
export { uniformSampler, uniformSamplerJob, uniformSamplerSync, type FleetSampler } from './sample.js';
export {
  AUTO_EXACT_WORK,
  DEFAULT_HEAT_SAMPLES,
  heatMap,
  heatMapJob,
  heatMapSync,
  type HeatMap,
  type HeatMethod,
  type HeatOptions,
} from './heat.js';
export {
  FleetGame,
  checkKnowledge,
  conditionedProblem,
  emptyKnowledge,
  haloOf,
  recordShot,
  type Conditioned,
  type Knowledge,
  type Reply,
  type ShotResult,
  type SunkShip,
} from './game.js';
export {
  DEFAULT_HUNTER_SAMPLES,
  HUNTER_STRATEGIES,
  createHunter,
  placementDensity,
  type Hunter,
  type HunterOptions,
  type HunterStrategy,
} from './ai.js';
export {
  gameSeeds,
  shotStats,
  simulate,
  simulateJob,
  simulateSync,
  type ShotStats,
  type SimOptions,
  type SimResult,
} from './sim.js';
export { SHOTS_FORMAT, parseShots } from './shots.js';
export { cellCounts, cellCountsJob, cellCountsSync, type CellCounts } from './cells.js';
export {
  uniformLayoutSource,
  uniformLayoutSourceJob,
  uniformLayoutSourceSync,
  uniformLayouts,
  uniformLayoutsJob,
  uniformLayoutsSync,
  type UniformDraw,
  type UniformOptions,
} from './uniform.js';
