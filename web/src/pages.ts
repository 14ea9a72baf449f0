// The playground's pages: one hash route each, all listed on the home page; a page without `load` is still coming.
import type { ComponentType } from 'preact';
import type { PageProps } from './router.js';

export interface PageInfo {
  id: string;
  title: string;
  blurb: string;
  /** Loads the page's code on first visit (each page is its own chunk); absent while the page is coming. */
  load?: () => Promise<ComponentType<PageProps>>;
}

export const PAGES: readonly PageInfo[] = [
  {
    id: 'moves',
    title: 'Moves',
    blurb:
      'Any leaper, rider or compound on any board: place pieces and blockers, see the attacked squares and the mobility heat map.',
    load: () => import('./pages/moves/MovesPage.js').then((m) => m.MovesPage),
  },
  {
    id: 'tours',
    title: 'Tours',
    blurb:
      "Knight's tours open and closed: drawn as a path, animated, the backtracking search step by step, the table per start square.",
    load: () => import('./pages/tours/ToursPage.js').then((m) => m.ToursPage),
  },
  {
    id: 'walk',
    title: 'Random walk',
    blurb:
      'The chance that a random walker stays on the board for N moves, from every start square, as exact fractions.',
    load: () => import('./pages/walk/WalkPage.js').then((m) => m.WalkPage),
  },
  {
    id: 'valley',
    title: "King's Valley",
    blurb: 'Play the sliding-piece game against the computer or a friend.',
    load: () => import('./pages/valley/ValleyPage.js').then((m) => m.ValleyPage),
  },
  {
    id: 'fleet',
    title: 'Sea Battle',
    blurb: 'Draw a fleet, place and count layouts, see the heat map and play against the computer.',
    load: () => import('./pages/fleet/FleetPage.js').then((m) => m.FleetPage),
  },
];

export function findPage(id: string): PageInfo | undefined {
  return PAGES.find((p) => p.id === id);
}
