// gridbits: bitboards for any grid board, pieces and their moves, and the engines built on them.
export * from './core/index.js';
export * from './pieces/index.js';
export * from './render/index.js';
export * from './tour/index.js';
export * from './walk/index.js';
export * from './valley/index.js';
export * from './fleet/index.js';
