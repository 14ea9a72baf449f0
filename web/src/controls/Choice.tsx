// A labelled drop-down of fixed choices (the valley and fleet pages share it).

export interface ChoiceProps<T extends string> {
  id: string;
  label: string;
  value: T;
  options: readonly (readonly [T, string])[];
  onChange: (value: T) => void;
}

export function Choice<T extends string>({ id, label, value, options, onChange }: ChoiceProps<T>) {
  return (
    <div class="field">
      <label for={id}>{label}</label>
      <select id={id} value={value} onChange={(ev) => onChange((ev.currentTarget as HTMLSelectElement).value as T)}>
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}
