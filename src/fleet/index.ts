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
export { createUniformSampler, createUniformSamplerSync, uniformBelow, uniformBelowBig, type FleetSampler } from './sample.js';
export { cellCounts, cellCountsSync, type CellCounts } from './cells.js';
