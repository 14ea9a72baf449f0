// For tests that route a page's requests: the playground's service worker answers its scripts from what it keeps, so
// a route on the page would never see them. This page's requests then go past the worker to the network.
import type { Page } from 'playwright-core';

export async function bypassServiceWorker(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setBypassServiceWorker', { bypass: true });
}
