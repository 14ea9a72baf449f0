// The README's library guide shows the example programs exactly as they are in examples/ (which the other tests run).
import { readFileSync, readdirSync } from 'node:fs';
import { expect, it } from 'vitest';

it('quotes every example file whole in the README', () => {
  const readme = readFileSync('README.md', 'utf8');
  const files = readdirSync('examples').filter((f) => f.endsWith('.ts'));
  expect(files.length).toBeGreaterThanOrEqual(5);
  for (const f of files) {
    const code = readFileSync(`examples/${f}`, 'utf8').trimEnd();
    expect(readme.includes('```ts\n' + code + '\n```'), `README quotes examples/${f}`).toBe(true);
  }
});
