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
    blurb: 'Put any piece on any board: see every square it attacks, and a heat map of where it has most moves.',
    load: () => import('./pages/moves/MovesPage.js').then((m) => m.MovesPage),
  },
  {
    id: 'tours',
    title: 'Tours',
    blurb: 'A knight that visits every square once: find a tour, watch it drawn, step through the search.',
    load: () => import('./pages/tours/ToursPage.js').then((m) => m.ToursPage),
  },
  {
    id: 'walk',
    title: 'Random walk',
    blurb: 'How likely a piece moving at random stays on the board for N moves, from each square, exactly.',
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
    blurb: 'Draw a fleet, lay it out, count the layouts, see where ships hide and play against the computer.',
    load: () => import('./pages/fleet/FleetPage.js').then((m) => m.FleetPage),
  },
];

export function findPage(id: string): PageInfo | undefined {
  return PAGES.find((p) => p.id === id);
}
