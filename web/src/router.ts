// Hash routes (#/moves?board=8x8&…): which page is open and the state it shares by URL.

export interface Route {
  /** The page id, '' for the home page. */
  page: string;
  params: URLSearchParams;
}

/** What a page is given: the state its route's hash holds. */
export interface PageProps {
  params: URLSearchParams;
}

/** Reads a location hash like "#/moves?piece=knight" (a missing or bare hash is the home page). */
export function parseHash(hash: string): Route {
  const body = hash.replace(/^#\/?/, '');
  const q = body.indexOf('?');
  const page = (q < 0 ? body : body.slice(0, q)).replace(/\/+$/, '');
  return { page, params: new URLSearchParams(q < 0 ? '' : body.slice(q + 1)) };
}

/** The hash of a page with its state; empty and undefined values are left out to keep links short. */
export function formatHash(page: string, state: Record<string, string | undefined> = {}): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(state)) if (v !== undefined && v !== '') params.set(k, v);
  // Commas and slashes are safe in a fragment; leaving them readable keeps shared links legible.
  const qs = params.toString().replace(/%2C/gi, ',').replace(/%2F/gi, '/');
  return `#/${page}${qs ? `?${qs}` : ''}`;
}
