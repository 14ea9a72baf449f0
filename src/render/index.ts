// Drawing boards as text and as SVG, for the CLI, the docs and the playground.
export { drawGrid, type GridOptions } from './ascii.js';
export { boardSvg, type SvgOptions } from './svg.js';
