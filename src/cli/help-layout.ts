// How help pages and topics are laid out: the width (the terminal's, else 100 columns) and the wrapping of the
// help texts, which are written in the source at about 110 columns and reflowed to the width here.

/** The width of help when standard output is not a terminal, or the terminal does not say: the test's width too. */
export const HELP_WIDTH = 100;

/** Narrower than this, help is wrapped at this width all the same (a usage group or a word may not fit anyway). */
const MIN_WIDTH = 40;

/** The width help is wrapped to: the terminal's on a terminal, else 100 columns. */
export function helpWidth(stream: { isTTY?: boolean; columns?: number } = process.stdout): number {
  const columns = stream.isTTY === true ? stream.columns : undefined;
  return columns === undefined || !(columns > 0) ? HELP_WIDTH : Math.max(MIN_WIDTH, columns);
}

/** A line that names a list below it ("Examples:", "Variants (--variant):"): the lines under it stay lines. */
const HEADING = /^\S.*:$/;

/** A line that starts a paragraph of its own in running text: "Rules: …", "--close: …", "Exit codes: …". */
const LABEL = /^(--[a-z-]+|[A-Z][A-Za-z0-9'-]*(?: [A-Za-z0-9'-]+){0,2}): /;

const indentOf = (line: string): number => line.length - line.trimStart().length;

interface Paragraph {
  indent: number;
  /** The indent of its lines after the first. */
  hang: number;
  words: string;
}

/**
 * Where the lines of a list item go on: under its note when it has one set off by spaces (an example's "   (1728)",
 * a table's second column), else a little further in than the item.
 */
function itemHang(indent: number, words: string): number {
  const note = /\S {2,}(?=\S)/.exec(words);
  return note === null ? indent + 4 : indent + note.index + note[0].length;
}

/**
 * Splits a help text into paragraphs. A blank line ends a paragraph; a line ending in ':' is a heading, and the
 * lines under it (to the next blank line) are one item each, like examples; otherwise a line more indented than its
 * paragraph's first line continues it (a hanging indent), and so does an unindented line after an unindented
 * paragraph unless it starts with a label ("Rules: ").
 */
function paragraphs(text: string): Array<Paragraph | null> {
  const out: Array<Paragraph | null> = [];
  let current: Paragraph | null = null;
  let items = false;
  for (const line of text.split('\n')) {
    const indent = indentOf(line);
    const words = line.trim();
    if (words === '') {
      out.push(null);
      [current, items] = [null, false];
      continue;
    }
    if (current !== null && !items) {
      const deeper = indent > current.indent;
      const prose = indent === 0 && current.indent === 0 && current.hang === 0 && !LABEL.test(words);
      if (deeper || prose) {
        if (deeper && current.hang === current.indent) current.hang = indent;
        current.words += ' ' + words;
        continue;
      }
    }
    current = { indent, hang: items ? itemHang(indent, words) : indent, words };
    out.push(current);
    if (HEADING.test(words)) items = true;
  }
  return out;
}

/**
 * Lays `chunks` (each a word or a group with the spaces before it) into lines of at most `width` columns, the
 * first indented by `first`, the others by `rest`: runs of spaces inside a line are kept (the aligned notes of
 * examples), the spaces at a break dropped; a chunk longer than a line stands alone.
 */
function fill(chunks: readonly string[], width: number, first: number, rest: number): string[] {
  const lines: string[] = [];
  let line = ' '.repeat(first);
  let empty = true;
  for (const chunk of chunks) {
    const word = chunk.trimStart();
    if (!empty && line.length + chunk.length > width) {
      lines.push(line);
      line = ' '.repeat(rest) + word;
    } else line += empty ? word : chunk;
    empty = false;
  }
  lines.push(line);
  return lines;
}

/**
 * The words of a text with the spaces before each: the chunks fill() lays out. A command to type ("gridbits help
 * shards", or any in backquotes) is one chunk, so that it is never broken over two lines.
 */
const chunksOf = (words: string): string[] => words.match(/\s*(?:`[^`]*`\S*|gridbits help \S+|\S+)/g) ?? [];

/** A help text reflowed to `width` columns (see paragraphs() for how its lines are read). */
export function wrapHelp(text: string, width: number): string {
  return (
    paragraphs(text.replace(/\s+$/, ''))
      // A note too far right for the width (a narrow terminal) leaves its item's lines a little further in instead.
      .flatMap((p) =>
        p === null ? [''] : fill(chunksOf(p.words), width, p.indent, p.hang > width / 2 ? p.indent + 4 : p.hang),
      )
      .join('\n')
  );
}

/**
 * A usage line ("Usage: gridbits tour <W>x<H> [--from SQ] …") wrapped to `width`: it breaks only between the
 * groups of the usage, so that "[--timeout T]" stays whole, and its later lines start under the command's first
 * argument (`head` is the part before it, "Usage: gridbits tour").
 */
export function wrapUsage(line: string, width: number, head: string): string {
  if (line.length <= width || !line.startsWith(head)) return line;
  const groups: string[] = [];
  let depth = 0;
  let group = '';
  for (const ch of line.slice(head.length)) {
    if (ch === ' ' && depth === 0) {
      groups.push(group);
      group = '';
    }
    if (ch === '[' || ch === '<' || ch === '(') depth++;
    if (ch === ']' || ch === '>' || ch === ')') depth = Math.max(0, depth - 1);
    group += ch;
  }
  groups.push(group);
  const rest = head.length + 1 <= width / 2 ? head.length + 1 : 8;
  return fill([head, ...groups.filter((g) => g.trim() !== '')], width, 0, rest).join('\n');
}
