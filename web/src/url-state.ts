// A page's state kept in step with the URL: read from the link, written back to it as it changes.
import { useEffect, useState, type Dispatch, type StateUpdater } from 'preact/hooks';
import { formatHash } from './router.js';

/**
 * The page's state, first read from the link's params. A link pasted or followed while the page is open
 * replaces the state (params is new on every hash change; the page's own replaceState calls fire none), unless
 * it says the same; every change of state is written back to the hash without adding a history entry.
 */
export function useHashState<S>(
  page: string,
  params: URLSearchParams,
  read: (params: URLSearchParams) => S,
  write: (state: S) => Record<string, string | undefined>,
): [S, Dispatch<StateUpdater<S>>] {
  const [state, setState] = useState<S>(() => read(params));
  useEffect(() => {
    const next = read(params);
    setState((cur) => (formatHash(page, write(cur)) === formatHash(page, write(next)) ? cur : next));
  }, [params]);
  const hash = formatHash(page, write(state));
  useEffect(() => {
    if (location.hash !== hash) history.replaceState(null, '', hash);
  }, [hash]);
  return [state, setState];
}
