// What a canvas board shows right now (its zoom and corner, its size on screen), for the overlays drawn over it.
import { createContext } from 'preact';
import type { Viewport } from './viewport.js';

export interface BoardViewportInfo extends Viewport {
  /** The squares' area on screen, in CSS pixels. */
  width: number;
  height: number;
}

/**
 * Provided by the canvas board to its `overlay` (PathOverlay follows it) and its `legend` (which can tell what the
 * overlay draws at this zoom, e.g. by PathOverlay's `coloursByVisit`); null outside a canvas board.
 */
export const BoardViewport = createContext<BoardViewportInfo | null>(null);
