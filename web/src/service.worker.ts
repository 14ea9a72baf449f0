// The playground's service worker: keeps one build's files (the page, its scripts and styles, the page workers, the
// icons) so that, once visited, the playground opens and computes with no network. The build writes it as sw.js with
// the list of that build's files and a version named by their contents (web/vite.config.ts); a new build is a new
// worker, which takes over at the next load.

/** The build's files, relative to the worker's folder, and the build's version: written in by the build. */
declare const GRIDBITS_FILES: readonly string[];
declare const GRIDBITS_VERSION: string;

// The few service-worker types used here (the DOM library the playground is checked against does not have them).
interface ExtendableEvent extends Event {
  waitUntil(p: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  respondWith(r: Response | Promise<Response>): void;
}
interface WorkerScope {
  readonly registration: { readonly scope: string };
  readonly clients: { claim(): Promise<void> };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', listener: (e: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (e: FetchEvent) => void): void;
}
const worker = self as unknown as WorkerScope;

/** Caches are named by build, in build order: the prefix, then the version (a time, then a content hash). */
const PREFIX = 'gridbits-';
const CACHE = PREFIX + GRIDBITS_VERSION;
const FILES = new Set(GRIDBITS_FILES);
const scope = (): string => new URL(worker.registration.scope).pathname;

worker.addEventListener('install', (e) => {
  // Every file of this build is kept before the worker takes over: never a page from one build and its scripts
  // from another. `reload` skips the browser's HTTP cache, which may hold an older index.html.
  e.waitUntil(
    caches
      .open(CACHE)
      .then((c) => c.addAll([...FILES].map((f) => new Request(f, { cache: 'reload' }))))
      .then(() => worker.skipWaiting()),
  );
});

worker.addEventListener('activate', (e) => {
  // The builds before the one just before this are dropped; that one stays a while, for a tab still running it
  // (its pages' code comes in on demand and its server may no longer have it).
  e.waitUntil(
    caches
      .keys()
      .then((names) => {
        const older = names.filter((n) => n.startsWith(PREFIX) && n < CACHE).sort();
        return Promise.all(older.slice(0, -1).map((n) => caches.delete(n)));
      })
      .then(() => worker.clients.claim()),
  );
});

/** The kept answer for a request, from this build's cache first, then from the build before. */
async function kept(request: Request | string): Promise<Response | undefined> {
  return (await (await caches.open(CACHE)).match(request)) ?? (await caches.match(request));
}

/** The network's answer, or the kept one when there is no network (or the server is gone or fails). */
async function networkFirst(request: Request, fallback: string, keep: boolean): Promise<Response> {
  try {
    const r = await fetch(request);
    if (r.ok) {
      if (keep) await (await caches.open(CACHE)).put(request, r.clone());
      return r;
    }
    return (await kept(fallback)) ?? r;
  } catch (e) {
    const k = await kept(fallback);
    if (k) return k;
    throw e;
  }
}

worker.addEventListener('fetch', (e) => {
  const request = e.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  const base = scope();
  if (url.origin !== location.origin || !url.pathname.startsWith(base)) return;
  const file = url.pathname.slice(base.length);
  if (request.mode === 'navigate' && (file === '' || file === 'index.html')) {
    // The page itself: the server's newest when it answers (a new build shows at once), else this build's copy.
    // The answer is not kept: the kept page must stay the one whose scripts are kept beside it.
    e.respondWith(networkFirst(request, 'index.html', false));
  } else if (FILES.has(file)) {
    // A build's files never change under their names (the scripts' names hold their content's hash).
    e.respondWith(kept(file).then((k) => k ?? fetch(request)));
  } else if (file.startsWith('api/')) {
    // The API reference: kept as it is read, for reading again with no network.
    e.respondWith(networkFirst(request, file, true));
  }
});
