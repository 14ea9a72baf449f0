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
// The flat names of 0.1, kept for this release (deprecated: use the namespaces or the subpaths).
export * from './pieces/legacy.js';
export * from './render/legacy.js';
export * from './tour/legacy.js';
export * from './walk/legacy.js';
export * from './valley/legacy.js';
export * from './fleet/legacy.js';
