// Entry point of the playground: styles and the app shell.
import { render } from 'preact';
import { App } from './app.js';
import './styles.css';

render(<App />, document.getElementById('app')!);
