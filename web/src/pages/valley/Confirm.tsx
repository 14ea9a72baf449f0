// A question in the page before a game is thrown away: a modal dialog whose safe answer (keep the game) has focus;
// Escape keeps the game too.
import { useEffect, useRef } from 'preact/hooks';

export interface ConfirmAsk {
  /** The question, e.g. "Start a new game in Labyrinth?" */
  title: string;
  /** What is lost. */
  detail: string;
  /** The button that goes ahead, e.g. "Discard and switch". */
  yes: string;
  onYes: () => void;
}

export function ConfirmDialog({ ask, onClose }: { ask: ConfirmAsk | null; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const keep = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (ask && !d.open) {
      d.showModal();
      keep.current?.focus();
    } else if (!ask && d.open) d.close();
  }, [ask]);
  return (
    <dialog
      ref={ref}
      class="valley-confirm"
      aria-labelledby="valley-confirm-title"
      aria-describedby="valley-confirm-detail"
      onCancel={(ev) => {
        ev.preventDefault();
        onClose();
      }}
    >
      {ask && (
        <>
          <h2 id="valley-confirm-title">{ask.title}</h2>
          <p id="valley-confirm-detail">{ask.detail}</p>
          <div class="buttons">
            <button type="button" ref={keep} onClick={onClose}>
              Keep this game
            </button>
            <button
              type="button"
              class="danger"
              onClick={() => {
                const go = ask.onYes;
                onClose();
                go();
              }}
            >
              {ask.yes}
            </button>
          </div>
        </>
      )}
    </dialog>
  );
}
