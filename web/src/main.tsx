// Entry point of the playground: styles, the app shell, and the service worker that keeps it for offline use.
import { render } from 'preact';
import { App } from './app.js';
import { keepForOffline } from './offline.js';
import './styles.css';

render(<App />, document.getElementById('app')!);
keepForOffline();
