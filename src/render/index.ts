// Drawing boards as text and as SVG, for the CLI, the docs and the playground.
/**
 * Boards drawn for people: as a text grid with file letters and rank numbers, each square's text from a
 * function of yours ({@link drawGrid}), or as a standalone SVG picture with labels, shading and a path of
 * moves ({@link boardSvg}).
 * @module render
 */
export { drawGrid, type GridOptions } from './ascii.js';
export { boardSvg, type SvgOptions } from './svg.js';
