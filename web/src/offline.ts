// Installs the service worker (sw.js, written by the build) once the page has loaded, so the playground opens with
// no network next time. Only in the built playground: the development server has no sw.js.
export function keepForOffline(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = (): void => {
    // A browser that refuses (a private window, storage turned off) simply works online only.
    navigator.serviceWorker.register('./sw.js').catch(() => undefined);
  };
  if (document.readyState === 'complete') register();
  else addEventListener('load', register, { once: true });
}
