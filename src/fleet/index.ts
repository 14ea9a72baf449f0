// The Sea Battle engine's public face: the problem model, shapes, fleets, field, placements, placement search and layout checks.
export type { FleetLayout, FleetProblem, ShipKind, Touch } from './problem.js';
export { MAX_SHIP_CELLS, isConnected, isStraight, normaliseShape, parseShape, shapeClassId, shapeId, shapeOrientations, shapeText, straightShape, type Offset, type Shape } from './shape.js';
export { FLEETS, TOUCH_RULES, fleetKinds, fleetProblem, parseFleet, parseTouch, shipCount, type FleetSpec } from './fleets.js';
export { FLEET_MAX_SIDE, checkFleetBoardSize, mergeForbidden, parseFleetBoard, parseForbidList, parseMask } from './field.js';
export { fleetPlacements, placementBitboard, placementCells, placementHalo, type FleetPlacements } from './placements.js';
export { FleetPlacer, placeFleet, placeFleetAsync, type PlaceMethod, type PlaceOptions, type PlaceResult } from './place.js';
export { checkFleetLayout, parseLayoutGrid, type FleetCheck } from './check.js';
export { countLayouts, countLayoutsSync } from './count.js';
export { createUniformSampler, createUniformSamplerSync, uniformBelow, uniformBelowBig, type FleetSampler } from './sample.js';
export { cellCounts, cellCountsSync, type CellCounts } from './cells.js';
