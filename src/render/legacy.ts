// The render engine's names as the package root exported them before 0.2: unchanged, also in 'gridbits/render'.
export { drawGrid, type GridOptions } from './ascii.js';
export { boardSvg, type SvgOptions } from './svg.js';
