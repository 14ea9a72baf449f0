// The Sea Battle engine's public face: the problem model, shapes, fleets, field, placements, placement search and layout checks.
export type { FleetLayout, FleetProblem, ShipKind, Touch } from './problem.js';
// Names that would be too generic in the package's root carry a fleet/ship word there.
export { MAX_SHIP_CELLS, isConnected as isConnectedShape, isStraight, normaliseShape, parseShape, shapeClassId, shapeId, shapeOrientations, shapeText, straightShape, type Offset as ShipOffset, type Shape as ShipShape } from './shape.js';
export { FLEETS, TOUCH_RULES as FLEET_TOUCH_RULES, fleetKinds, fleetProblem, parseFleet, parseTouch, shipCount, type FleetSpec } from './fleets.js';
export { FLEET_MAX_SIDE, checkFleetBoardSize, mergeForbidden as mergeFleetForbidden, parseFleetBoard, parseForbidList as parseFleetForbidList, parseMask as parseFleetMask } from './field.js';
export { fleetPlacements, placementBitboard as fleetPlacementBitboard, placementCells as fleetPlacementCells, placementHalo as fleetPlacementHalo, type FleetPlacements } from './placements.js';
export { FleetPlacer, placeFleet, placeFleetAsync, type PlaceMethod, type PlaceOptions, type PlaceResult } from './place.js';
export { checkFleetLayout, parseLayoutGrid as parseFleetLayoutGrid, type FleetCheck } from './check.js';
export { countLayouts, countLayoutsSync } from './count.js';
export { createUniformSampler, createUniformSamplerSync, type FleetSampler } from './sample.js';
export { uniformBelow, uniformBelowBig } from '../core/prng.js';
export { DEFAULT_HEAT_SAMPLES, heatMap, type HeatMap, type HeatMethod, type HeatOptions } from './heat.js';
export { FleetGame, checkKnowledge, conditionedProblem, emptyKnowledge, recordShot, type Knowledge, type Reply as ShotReply, type ShotResult, type SunkShip } from './game.js';
export { DEFAULT_HUNTER_SAMPLES, HUNTER_STRATEGIES, createHunter, placementDensity, type Hunter, type HunterOptions, type HunterStrategy } from './ai.js';
export { PosteriorEstimator, type PosteriorEstimate } from './ai-posterior.js';
export { gameSeeds as fleetGameSeeds, playOut as fleetPlayOut, shotStats as fleetShotStats, simulate as simulateFleetGames, type ShotStats as FleetShotStats, type SimOptions as FleetSimOptions, type SimResult as FleetSimResult } from './sim.js';
export { SHOTS_FORMAT, parseShots } from './shots.js';
export { RejectionSampler, rejectionLayouts } from './reject.js';
export { cellCounts, cellCountsSync, type CellCounts } from './cells.js';
export { uniformLayoutSource as uniformFleetLayoutSource, uniformLayouts as uniformFleetLayouts, type UniformDraw as FleetUniformDraw, type UniformOptions as FleetUniformOptions } from './uniform.js';
