// Entry point of the playground: styles, the app shell, and the service worker that keeps it for offline use.
import { render } from 'preact';
import { App, loadFirstPage } from './app.js';
import { keepForOffline } from './offline.js';
import './styles.css';

// Drawn once the page the address names has its code (or after half a second without it): the first frame shows the
// whole page, not the header alone with the page arriving a moment later (which moved everything and kept a phone's
// one core busy after the first paint). It is laid out at once, in the same piece of work that made it: a page
// made in one task and laid out in the next is, to a phone's browser, work after the first paint.
void loadFirstPage().then(() => {
  const root = document.getElementById('app')!;
  render(<App />, root);
  void root.offsetHeight;
  keepForOffline();
});
