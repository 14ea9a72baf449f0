// The tour engine's public face: existence, finding, searching, tables, counting and checking tours.
export type { TourAnswer, TourQuery } from './types.js';
export { TourMachine, type MachineLimits, type MachineStatus, type SearchSwitches, type TourEvent, type TourEventKind } from './machine.js';
export { searchTour, type SearchOptions, type SearchResult } from './search.js';
export { formatTrace, traceTour, type TraceOptions } from './trace.js';
export { openTourStarts, tableCellText, tourTable, tourTableAsync, type StartCell, type StartOptions, type StartReason, type TableCell, type TableOptions } from './table.js';
export { COUNT_CONVENTION, countLimit, countTours, countToursAsync, type CountOptions, type TourCount } from './count.js';
export { analyzeTour, isMove, type AnalyzeOptions, type TourAnalysis, type TourSums } from './analyze.js';
export { parseTour, type ParsedTour } from './parse.js';
export { closeByEuler, eulerReversalAt, type EulerClosing } from './euler.js';
export { GALLERY, galleryNames, galleryTour, type GalleryTour } from './gallery.js';
export { findTour } from './find.js';
export { knightClosedExists, knightOpenExists, tourExistence, type Existence } from './existence.js';
export { tourFault } from './verify.js';
export { countToursFromEach, symmetricSquares, type EachCount } from './count-each.js';
