// The shared board: buttons per square on boards up to 32×32, a canvas beyond.
import { CanvasBoard } from './CanvasBoard.js';
import { DomBoard } from './DomBoard.js';
import type { BoardProps } from './types.js';

/** Boards with both sides up to this get one button per square. */
export const DOM_SIDE = 32;

/**
 * Any W×H board: one button per square up to DOM_SIDE × DOM_SIDE, a zoomable canvas beyond (see BoardProps for
 * what each takes and shows).
 */
export function BoardView(props: BoardProps) {
  const { board } = props;
  return board.width <= DOM_SIDE && board.height <= DOM_SIDE ? <DomBoard {...props} /> : <CanvasBoard {...props} />;
}

export type { BoardProps } from './types.js';
