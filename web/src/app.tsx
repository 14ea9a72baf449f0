// The app shell: header with navigation (a menu on phones) and a "Copy link" button (every page keeps its state in its
// address), the page the hash names (loaded on demand), and a
// footer. On phones a page's intro shows two lines and a "more" button (intro-fold.ts).
import type { ComponentType } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { Home } from './home.js';
import { PAGES, findPage } from './pages.js';
import { CopyButton } from './CopyButton.js';
import { ErrorBoundary } from './ErrorBoundary.js';
import { useIntroFold } from './intro-fold.js';
import { parseHash, type PageProps, type Route } from './router.js';

/** The route the address holds, and a way to read it again (after the address was replaced without an event). */
function useRoute(): [Route, () => void] {
  const [route, setRoute] = useState(() => parseHash(location.hash));
  const update = (): void => setRoute(parseHash(location.hash));
  useEffect(() => {
    addEventListener('hashchange', update);
    return () => removeEventListener('hashchange', update);
  }, []);
  return [route, update];
}

/** Each page's code, once it has come in. */
const loaded = new Map<string, ComponentType<PageProps>>();
/** Each page's code as it comes in: asked for once, however often the page is visited. */
const loading = new Map<string, Promise<ComponentType<PageProps>>>();

function loadPage(id: string, load: () => Promise<ComponentType<PageProps>>): Promise<ComponentType<PageProps>> {
  let p = loading.get(id);
  if (!p) {
    // The browser keeps a failed load's answer until the whole app is loaded again, so a failure is kept too.
    p = load().then((c) => (loaded.set(id, c), c));
    loading.set(id, p);
  }
  return p;
}

/** How long the first drawing waits for the page's code: past it, the header and "Loading" show while it comes. */
const FIRST_PAGE_WAIT_MS = 500;

/**
 * The code of the page the address names, asked for before anything is drawn: the app is first drawn with that page
 * in it (no frame with the header alone, no page drawing after the first paint), unless the code takes longer than
 * FIRST_PAGE_WAIT_MS. Settles, never fails: a page whose code cannot come says so when drawn.
 */
export function loadFirstPage(): Promise<void> {
  const info = findPage(parseHash(location.hash).page);
  if (!info?.load) return Promise.resolve();
  const code = loadPage(info.id, info.load).then(
    () => undefined,
    () => undefined,
  );
  return Promise.race([code, new Promise<void>((r) => setTimeout(r, FIRST_PAGE_WAIT_MS))]);
}

function PageView({ route, reread }: { route: Route; reread: () => void }) {
  const info = findPage(route.page);
  const [, setTick] = useState(0);
  const [failed, setFailed] = useState<{ page: string; message: string } | null>(null);
  const Page = info ? loaded.get(info.id) : undefined;
  const waiting = info?.load !== undefined && Page === undefined;
  useEffect(() => {
    if (!waiting || !info?.load) return;
    // This render said "Loading": draw again when the code is in, even if it came in before this effect ran.
    let live = true;
    const page = info.id;
    loadPage(page, info.load).then(
      () => live && setTick((t) => t + 1),
      (e: unknown) => live && setFailed({ page, message: String(e) }),
    );
    return () => {
      live = false;
    };
  }, [info, waiting]);
  useEffect(() => {
    document.title = info ? `${info.title} · gridbits playground` : 'gridbits playground';
  }, [info]);
  if (route.page === '') return <Home />;
  if (!info?.load) {
    return (
      <section class="notice">
        <h1>No page here yet</h1>
        <p>
          {info ? `${info.title} is coming.` : `There is no page called “${route.page}”.`}{' '}
          <a href="#/">See the pages that work.</a>
        </p>
      </section>
    );
  }
  if (failed?.page === info.id) {
    return (
      <section class="notice" role="alert">
        <p class="error">Could not load the page: {failed.message}</p>
        <p>
          <button type="button" onClick={() => location.reload()}>
            Reload
          </button>{' '}
          to try again; the other pages still work.
        </p>
      </section>
    );
  }
  if (!Page)
    return (
      <p class="loading" aria-live="polite">
        Loading {info.title}…
      </p>
    );
  // Each page in its own error boundary, keyed by the page: an error stays in it and the next link starts afresh.
  return (
    <ErrorBoundary key={info.id} page={info.id} title={info.title} params={route.params} onRetry={reread}>
      <Page params={route.params} />
    </ErrorBoundary>
  );
}

/** The page links; on phones a menu button names the current page and opens the list. */
function Nav({ page }: { page: string }) {
  const menu = useRef<HTMLDetailsElement>(null);
  // Following a link closes the menu.
  useEffect(() => {
    if (menu.current) menu.current.open = false;
  }, [page]);
  const links = PAGES.filter((p) => p.load);
  const here = links.find((p) => p.id === page);
  const list = links.map((p) => (
    <a key={p.id} href={`#/${p.id}`} aria-current={page === p.id ? 'page' : undefined}>
      {p.title}
    </a>
  ));
  return (
    <>
      <nav class="wide-nav" aria-label="Pages">
        {list}
      </nav>
      <details class="menu" ref={menu}>
        <summary aria-label={`Pages menu${here ? `, now ${here.title}` : ''}`}>
          <span aria-hidden="true">☰</span> {here?.title ?? 'Pages'}
        </summary>
        <nav aria-label="Pages">{list}</nav>
      </details>
    </>
  );
}

/** The skip link: focus goes to the board (its square that takes the keys), or to the page's heading. */
function skipToBoard(ev: MouseEvent): void {
  ev.preventDefault();
  // In this order (one selector list would give whichever comes first in the page: the heading).
  const target = ['main [data-square][tabindex="0"]', 'main canvas[tabindex="0"]', 'main h1']
    .map((q) => document.querySelector<HTMLElement>(q))
    .find((e) => e !== null);
  if (target?.tagName === 'H1') target.tabIndex = -1;
  target?.focus();
}

/**
 * After a link to another page, focus goes to that page's heading (once its code is in and it is drawn), so that
 * keyboard and screen-reader users start at the top of the new page, not on the link they left.
 */
function useFocusOnNavigation(page: string): void {
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const main = document.getElementById('main');
    if (!main) return;
    const focusHeading = (): boolean => {
      const h = main.querySelector<HTMLElement>('h1');
      if (!h) return false;
      h.tabIndex = -1;
      h.focus({ preventScroll: true });
      return true;
    };
    if (focusHeading()) return;
    // The page's code may still be coming in: wait for its heading, for a few seconds at most.
    const seen = new MutationObserver(() => focusHeading() && seen.disconnect());
    seen.observe(main, { childList: true, subtree: true });
    const stop = setTimeout(() => seen.disconnect(), 5000);
    return () => {
      seen.disconnect();
      clearTimeout(stop);
    };
  }, [page]);
}

export function App() {
  const [route, reread] = useRoute();
  useFocusOnNavigation(route.page);
  useIntroFold();
  return (
    <>
      <header class="top">
        <a class="skip" href="#/" onClick={skipToBoard}>
          Skip to the board
        </a>
        <a class="brand" href="#/">
          gridbits <span>playground</span>
        </a>
        <Nav page={route.page} />
        <CopyButton
          class="share"
          label="Copy link"
          text={() => location.href}
          done="Link copied"
          refused="Could not copy: copy the address from the address bar"
        />
      </header>
      <main id="main">
        <PageView route={route} reread={reread} />
      </main>
      <footer class="bottom">
        Everything here is computed in your browser by the gridbits library — the same code as the <code>gridbits</code>{' '}
        CLI.
      </footer>
    </>
  );
}
