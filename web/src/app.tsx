// The app shell: header with navigation (a menu on phones), the page the hash names (loaded on demand), and a
// footer. On phones a page's intro shows two lines until tapped, so the board starts on the first screen.
import type { ComponentType } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { Home } from './home.js';
import { PAGES, findPage } from './pages.js';
import { ErrorBoundary } from './ErrorBoundary.js';
import { parseHash, type PageProps, type Route } from './router.js';

function useRoute(): Route {
  const [route, setRoute] = useState(() => parseHash(location.hash));
  useEffect(() => {
    const update = (): void => setRoute(parseHash(location.hash));
    addEventListener('hashchange', update);
    return () => removeEventListener('hashchange', update);
  }, []);
  return route;
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

function PageView({ route }: { route: Route }) {
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
    <ErrorBoundary key={info.id}>
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

/** A tap on a clamped intro (phones) shows it whole; a second tap folds it again. */
function unfoldIntro(ev: MouseEvent): void {
  const lead = (ev.target as HTMLElement).closest?.('main .lead');
  if (lead && !(ev.target as HTMLElement).closest('a, button, input, select')) lead.classList.toggle('open');
}

export function App() {
  const route = useRoute();
  return (
    <>
      <header class="top">
        <a class="brand" href="#/">
          gridbits <span>playground</span>
        </a>
        <Nav page={route.page} />
      </header>
      <main id="main" onClick={unfoldIntro}>
        <PageView route={route} />
      </main>
      <footer class="bottom">
        Everything here is computed in your browser by the gridbits library — the same code as the <code>gridbits</code>{' '}
        CLI.
      </footer>
    </>
  );
}
