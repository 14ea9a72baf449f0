// A button that copies a text for the person (a link, an error report) and says so where screen readers hear it;
// where the browser refuses the clipboard, it says how to copy by hand.
import { useEffect, useRef, useState } from 'preact/hooks';

interface Props {
  /** The button's words ("Copy link"). */
  label: string;
  /** The text to copy, read when pressed (the address changes as the person works). */
  text: () => string;
  /** What is said once copied ("Link copied"). */
  done: string;
  /** What is said when the browser refuses ("Copy it from the address bar"). */
  refused: string;
  class?: string;
}

export function CopyButton({ label, text, done, refused, class: cls }: Props) {
  const [said, setSaid] = useState('');
  const clear = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(clear.current), []);
  const copy = async (): Promise<void> => {
    let ok = false;
    try {
      await navigator.clipboard.writeText(text());
      ok = true;
    } catch {
      // No clipboard here (an insecure page, a refused permission): the words say what to do instead.
    }
    setSaid(ok ? done : refused);
    clearTimeout(clear.current);
    clear.current = setTimeout(() => setSaid(''), 4000);
  };
  return (
    <span class={`copy${cls ? ` ${cls}` : ''}`}>
      <button type="button" onClick={() => void copy()}>
        {label}
      </button>
      <span class="copy-said" role="status" aria-live="polite">
        {said}
      </span>
    </span>
  );
}
