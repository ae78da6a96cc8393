import type { ReactNode } from 'react';

/**
 * A checkbox inside its label (`label.checkbox`, or `className`): the label's text is the box's
 * accessible name.
 */
export function Checkbox({
  checked,
  onChange,
  children,
  className = 'checkbox',
  disabled,
  title,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  children: ReactNode;
  className?: string;
  disabled?: boolean;
  title?: string | undefined;
}) {
  return (
    <label className={className}>
      <input
        type="checkbox"
        checked={checked}
        disabled={disabled}
        title={title}
        onChange={(event) => onChange(event.target.checked)}
      />
      {children}
    </label>
  );
}

/** One option of a `SelectField`: its value, its text, and whether it can be chosen. */
export interface SelectOption<T extends string | number> {
  value: T;
  label: string;
  disabled?: boolean;
}

/**
 * A select inside its label (the label's text names it) over typed values: `onChange` gets the
 * chosen option's own value (a number stays a number).
 */
export function SelectField<T extends string | number>({
  label,
  value,
  options,
  onChange,
  describedBy,
  disabled,
}: {
  label: string;
  value: T;
  options: readonly SelectOption<T>[];
  onChange: (value: T) => void;
  describedBy?: string | undefined;
  disabled?: boolean | undefined;
}) {
  return (
    <label>
      {label}
      <select
        value={value}
        disabled={disabled}
        aria-describedby={describedBy}
        onChange={(event) => {
          const chosen = options.find((o) => String(o.value) === event.target.value);
          if (chosen) onChange(chosen.value);
        }}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value} disabled={o.disabled}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  );
}
