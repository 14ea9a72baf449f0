// The app shell: header with navigation, the page the hash names (loaded on demand), and a footer.
import type { ComponentType } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { Home } from './home.js';
import { PAGES, findPage, type PageProps } from './pages.js';
import { parseHash, type Route } from './router.js';

function useRoute(): Route {
  const [route, setRoute] = useState(() => parseHash(location.hash));
  useEffect(() => {
    const update = (): void => setRoute(parseHash(location.hash));
    addEventListener('hashchange', update);
    return () => removeEventListener('hashchange', update);
  }, []);
  return route;
}

/** Loads a page's chunk once and keeps it. */
const loaded = new Map<string, ComponentType<PageProps>>();

function PageView({ route }: { route: Route }) {
  const info = findPage(route.page);
  const [, setTick] = useState(0);
  const [failed, setFailed] = useState<string | null>(null);
  const Page = info ? loaded.get(info.id) : undefined;
  useEffect(() => {
    if (!info?.load || loaded.has(info.id)) return;
    let live = true;
    info.load().then(
      (c) => {
        loaded.set(info.id, c);
        if (live) setTick((t) => t + 1);
      },
      (e: unknown) => live && setFailed(String(e)),
    );
    return () => {
      live = false;
    };
  }, [info]);
  useEffect(() => {
    document.title = info ? `${info.title} · gridbits playground` : 'gridbits playground';
  }, [info]);
  if (route.page === '') return <Home />;
  if (!info?.load) {
    return (
      <section class="notice">
        <h1>No page here yet</h1>
        <p>
          {info ? `${info.title} is coming.` : `There is no page called “${route.page}”.`} <a href="#/">See the pages that work.</a>
        </p>
      </section>
    );
  }
  if (failed) return <p role="alert" class="error">Could not load the page: {failed}</p>;
  if (!Page) return <p class="loading" aria-live="polite">Loading {info.title}…</p>;
  return <Page params={route.params} />;
}

export function App() {
  const route = useRoute();
  return (
    <>
      <header class="top">
        <a class="brand" href="#/">
          gridbits <span>playground</span>
        </a>
        <nav aria-label="Pages">
          {PAGES.filter((p) => p.load).map((p) => (
            <a key={p.id} href={`#/${p.id}`} aria-current={route.page === p.id ? 'page' : undefined}>
              {p.title}
            </a>
          ))}
        </nav>
      </header>
      <main id="main">
        <PageView route={route} />
      </main>
      <footer class="bottom">
        Everything here is computed in your browser by the gridbits library — the same code as the <code>gridbits</code> CLI.
      </footer>
    </>
  );
}
