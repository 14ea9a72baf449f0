// What the valley subcommands share: the position flags, the board and time fields of their JSON, their words.
import { GridbitsError } from '../core/error.js';
import type { Engine } from '../valley/engine.js';
import { createVariantEngine, findVariant, variantStart, type Variant } from '../valley/variant.js';
import { str, type Parsed } from './command.js';

/** The board of a variant, as every command's JSON names it. */
export function boardJson(variant: Variant): { width: number; height: number } {
  return { width: variant.grid.size, height: variant.grid.size };
}

/** The variant (--variant) and the position (--position, else the variant's start with --first to move). */
export function positionOf(args: Parsed): { variant: Variant; engine: Engine } {
  const variant = findVariant(str(args, 'variant') ?? 'standard');
  const first = str(args, 'first');
  if (first !== undefined && first !== 'white' && first !== 'black')
    throw new GridbitsError('BAD_ARGUMENT', `--first must be white or black, got '${first}'`);
  const text = str(args, 'position') ?? variantStart(variant, first);
  return { variant, engine: createVariantEngine(variant, text) };
}
