// The tour engine's public face: existence, finding, searching, tables, counting and checking tours.
export type { TourAnswer, TourQuery } from './types.js';
