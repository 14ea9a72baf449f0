// The --queue flag's Redis address, read apart from the queue itself (queue.ts), which loads the counts' shard
// kinds: a command checks its flags without loading them.
import { GridbitsError } from '../core/error.js';

/** A Redis server's address, from `redis://[USER:PASSWORD@]HOST[:PORT][/DB]` (or `rediss://` for TLS). */
export interface QueueAddress {
  host: string;
  port: number;
  db: number;
  username?: string;
  password?: string;
  tls: boolean;
  /** The address without its password, for messages. */
  shown: string;
}

/** Reads the --queue address of `command`; throws BAD_ARGUMENT in one line naming both. */
export function parseQueueAddress(text: string, command: string): QueueAddress {
  const bad = (why: string): GridbitsError =>
    new GridbitsError(
      'BAD_ARGUMENT',
      `${command}: --queue must be a Redis address like redis://HOST:PORT (${why}), got '${text}'`,
    );
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw bad('not an address');
  }
  if (url.protocol !== 'redis:' && url.protocol !== 'rediss:')
    throw bad(`it starts with ${url.protocol.replace(/:$/, '') || 'no scheme'}, not redis`);
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (host === '') throw bad('no host');
  const port = url.port === '' ? 6379 : Number(url.port);
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw bad('the port must be 1 to 65535');
  const path = url.pathname.replace(/^\//, '');
  if (!/^[0-9]{0,2}$/.test(path)) throw bad('the path may only be a database number');
  if (url.search !== '' || url.hash !== '') throw bad('it takes no ? or # part');
  const username = url.username === '' ? undefined : decodeURIComponent(url.username);
  const password = url.password === '' ? undefined : decodeURIComponent(url.password);
  const hostShown = host.includes(':') ? `[${host}]` : host;
  return {
    host,
    port,
    db: path === '' ? 0 : Number(path),
    username,
    password,
    tls: url.protocol === 'rediss:',
    shown: `${url.protocol}//${username !== undefined ? `${encodeURIComponent(username)}@` : ''}${hostShown}:${port}${path === '' ? '' : `/${path}`}`,
  };
}
