// gridbits: bitboards for any grid board, pieces and their moves, and the engines built on them.
/**
 * gridbits: bitboards for any grid board and the engines built on them. The package root gives the core's
 * names and each engine as a namespace (`import { tour, fleet } from 'gridbits'`); each engine is also a
 * subpath of its own (`import { countTours } from 'gridbits/tour'`).
 * @module gridbits
 */
export * from './core/index.js';
export * as core from './core/index.js';
export * as pieces from './pieces/index.js';
export * as render from './render/index.js';
export * as tour from './tour/index.js';
export * as walk from './walk/index.js';
export * as valley from './valley/index.js';
export * as fleet from './fleet/index.js';
