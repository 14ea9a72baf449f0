// Controls the pages share: the board size as width × height fields (each checked as typed) and the
// Copy link button with its status line.
import { useEffect, useState } from 'preact/hooks';

type Which = 'width' | 'height';

interface SideProps {
  which: Which;
  id: string;
  value: number;
  max: number;
  /** The side typed, or the message saying why it is refused. */
  parse: (text: string, which: Which) => number | string;
  onValid: (n: number) => void;
}

function SideInput({ which, id, value, max, parse, onValid }: SideProps) {
  const [text, setText] = useState(String(value));
  useEffect(() => setText(String(value)), [value]);
  const parsed = parse(text, which);
  const bad = typeof parsed === 'string';
  return (
    <div class="field side">
      <label for={id}>{which === 'width' ? 'Width' : 'Height'}</label>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={1}
        max={max}
        value={text}
        aria-invalid={bad}
        aria-describedby={bad ? `${id}-error` : undefined}
        onInput={(ev) => {
          const t = (ev.currentTarget as HTMLInputElement).value;
          setText(t);
          const n = parse(t, which);
          if (typeof n === 'number') onValid(n);
        }}
      />
      {bad && (
        <p id={`${id}-error`} class="error" role="alert">
          {parsed}
        </p>
      )}
    </div>
  );
}

export interface SizeFieldsProps {
  /** Ids of the fields are `${idPrefix}-width` and `${idPrefix}-height`. */
  idPrefix: string;
  width: number;
  height: number;
  max: number;
  parse: (text: string, which: Which) => number | string;
  onChange: (patch: { width?: number; height?: number }) => void;
}

/** Width × height, side by side. */
export function SizeFields({ idPrefix, width, height, max, parse, onChange }: SizeFieldsProps) {
  return (
    <div class="row">
      <SideInput
        which="width"
        id={`${idPrefix}-width`}
        value={width}
        max={max}
        parse={parse}
        onValid={(w) => onChange({ width: w })}
      />
      <span class="times" aria-hidden="true">
        ×
      </span>
      <SideInput
        which="height"
        id={`${idPrefix}-height`}
        value={height}
        max={max}
        parse={parse}
        onValid={(h) => onChange({ height: h })}
      />
    </div>
  );
}
