// CLI command `serve`: the built playground and the API reference (/api/) over HTTP; its flags and help (the
// server is serve-run.ts).
import type { Command } from './command.js';

export const serveCommand: Command = {
  name: 'serve',
  printsResult: false,
  usage: 'serve [--port 8080] [--host 127.0.0.1] [--json]',
  summary: 'serve the web playground and the API reference (/api/) on this machine',
  flags: {
    port: { type: 'string', value: 'N', help: 'port to listen on (default 8080; 0 picks a free one)' },
    host: { type: 'string', value: 'ADDR', help: 'address to listen on (default 127.0.0.1, this machine only)' },
  },
  details: `The playground and the API reference are built by \`npm run build:web\` (npm ci and npm start build them too);
the reference is at /api/.

Examples:
  gridbits serve
  gridbits serve --port 3000
  gridbits serve --port 0 --json     (prints {"url":…} once listening)`,
  load: async () => (await import('./serve-run.js')).serve,
};
