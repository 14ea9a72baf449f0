// Keeping a King's Valley game: "Save game" downloads its record (the text the command line's `valley play
// --save` writes, and `--load` reads), "Load game" reads one from a file, and a field takes a pasted one; a bad
// record is refused in one line.
import { useRef, useState } from 'preact/hooks';
import { download } from '../../controls/download.js';

/** The largest file taken as a record (a game of 2,000 moves is about 10 kB). */
const MAX_BYTES = 1 << 20;

/** The file name a saved game gets. */
const RECORD_FILE = 'kings-valley.txt';

/** The first line of an error, without its code: what the person reads. */
function oneLine(e: unknown): string {
  const text = e instanceof Error ? e.message : String(e);
  return text.split('\n')[0];
}

/** The save and load buttons (for the Game box) and what they say. */
export function SaveLoad({ record, onLoad }: { record: string; onLoad: (text: string) => void }) {
  const file = useRef<HTMLInputElement>(null);
  const [error, setError] = useState('');
  const [paste, setPaste] = useState('');
  const load = (text: string): boolean => {
    try {
      onLoad(text);
      setError('');
      return true;
    } catch (e) {
      setError(`That record was not loaded: ${oneLine(e)}`);
      return false;
    }
  };
  const save = (): void => download(new Blob([record], { type: 'text/plain' }), RECORD_FILE);
  const chosen = async (ev: Event): Promise<void> => {
    const input = ev.currentTarget as HTMLInputElement;
    const f = input.files?.[0];
    input.value = '';
    if (!f) return;
    if (f.size > MAX_BYTES) {
      setError(`That file was not loaded: ${f.name} is over 1 MB, too large for a game record.`);
      return;
    }
    let text: string;
    try {
      text = await f.text();
    } catch (e) {
      setError(`That file was not loaded: ${oneLine(e)}`);
      return;
    }
    load(text);
  };
  return (
    <>
      <div class="buttons valley-keep">
        <button type="button" onClick={save}>
          Save game
        </button>
        <button type="button" onClick={() => file.current?.click()}>
          Load game
        </button>
        <input
          ref={file}
          type="file"
          class="sr-only"
          id="valley-file"
          tabIndex={-1}
          aria-label="Game record file to load"
          accept=".txt,.json,text/plain,application/json"
          onChange={(ev) => void chosen(ev)}
        />
      </div>
      {error && (
        <p class="error valley-record-error" role="alert">
          {error}
        </p>
      )}
      <details class="valley-record">
        <summary>Game record (save and load)</summary>
        <label for="valley-record">This game, one move per line:</label>
        <textarea id="valley-record" readOnly rows={6} value={record} />
        <label for="valley-load">Paste a record to load it:</label>
        <textarea
          id="valley-load"
          rows={4}
          value={paste}
          spellcheck={false}
          onInput={(ev) => setPaste((ev.currentTarget as HTMLTextAreaElement).value)}
        />
        <div class="buttons">
          <button type="button" onClick={() => load(paste) && setPaste('')}>
            Load record
          </button>
        </div>
      </details>
    </>
  );
}
