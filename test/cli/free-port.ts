// A free TCP port on loopback, for servers a test or a bench starts (redis-server for the job queue).
import { createServer } from 'node:net';

/** A port on 127.0.0.1 that nothing listens on (as of the call). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}
