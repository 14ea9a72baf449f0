// The hunting AI's strategies by name: data alone, so that a help text can list them without loading the AI.

/** The hunting AI's strategies: 'lattice' (the default and strongest), 'posterior', 'density', 'random'. */
export type HunterStrategy = 'lattice' | 'posterior' | 'density' | 'random';
/** Every hunter strategy, the default first. */
export const HUNTER_STRATEGIES: readonly HunterStrategy[] = ['lattice', 'posterior', 'density', 'random'];
