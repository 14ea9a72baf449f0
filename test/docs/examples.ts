// The code examples users read: every ```ts block of the README and of the reference's guide (docs/library.md)
// and every @example of the sources' doc comments, found where they are written, each with its place.
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';

export interface Example {
  /** Where it is written: 'README.md:364', 'src/tour/count.ts:352'. */
  place: string;
  code: string;
}

/** The ```ts blocks of a Markdown text; `line` numbers count from 1. */
function markdownExamples(text: string, file: string): Example[] {
  const found: Example[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    if (lines[i].trim() !== '```ts') continue;
    const end = lines.findIndex((l, j) => j > i && l.trim() === '```');
    if (end < 0) throw new Error(`${file}:${i + 1}: a \`\`\`ts block that never ends`);
    found.push({ place: `${file}:${i + 1}`, code: lines.slice(i + 1, end).join('\n') + '\n' });
    i = end;
  }
  return found;
}

/**
 * The @example tags of a source file's doc comments. Each must hold a ```ts block (an example in another form
 * would go untested), which is the example.
 */
function sourceExamples(text: string, file: string): Example[] {
  const found: Example[] = [];
  for (const m of text.matchAll(/\/\*\*[\s\S]*?\*\//g)) {
    const start = text.slice(0, m.index).split('\n').length;
    // The comment's lines without their ' * ' margin.
    const lines = m[0].split('\n').map((l) => l.replace(/^\s*\/?\*+\/?\s?/, '').replace(/\s*\*\/$/, ''));
    lines.forEach((line, i) => {
      if (!/^@example\b/.test(line)) return;
      const place = `${file}:${start + i}`;
      const end = lines.findIndex((l, j) => j > i && /^@\w/.test(l));
      const tag = lines.slice(i + 1, end < 0 ? lines.length : end);
      const open = tag.findIndex((l) => l.trim() === '```ts');
      const close = tag.findIndex((l, j) => j > open && l.trim() === '```');
      if (open < 0 || close < 0) throw new Error(`${place}: an @example without a \`\`\`ts block`);
      found.push({ place, code: tag.slice(open + 1, close).join('\n') + '\n' });
    });
  }
  return found;
}

function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? tsFiles(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

/** Every example of the README, of the reference's guide and of the doc comments under src/, in `root`. */
export function allExamples(root: string): Example[] {
  const readme = ['README.md', 'docs/library.md'].flatMap((f) =>
    markdownExamples(readFileSync(join(root, f), 'utf8'), f),
  );
  const sources = tsFiles(join(root, 'src'))
    .sort()
    .flatMap((f) => sourceExamples(readFileSync(f, 'utf8'), relative(root, f)));
  return [...readme, ...sources];
}
