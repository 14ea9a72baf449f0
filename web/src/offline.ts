// Installs the service worker (sw.js, written by the build) once the page is drawn and the browser has a moment, so
// the playground opens with no network next time. Installing fetches and stores every file of the playground: begun
// at the load event, which comes before the page's own code has drawn anything, it took a third of a phone's two
// cores from the first drawing. Only in the built playground: the development server has no sw.js.
export function keepForOffline(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = (): void => {
    // A browser that refuses (a private window, storage turned off) simply works online only.
    navigator.serviceWorker.register('./sw.js').catch(() => undefined);
  };
  if (typeof requestIdleCallback === 'function') requestIdleCallback(register, { timeout: 2000 });
  else setTimeout(register, 500);
}
