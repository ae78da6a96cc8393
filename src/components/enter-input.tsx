import type { InputHTMLAttributes } from 'react';

interface Props extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'type' | 'value' | 'onChange' | 'onKeyDown'
> {
  value: string;
  /** The text as typed (a caller clears its message at the field here). */
  onValue: (value: string) => void;
  /** Enter: commits what is typed (the form, if any, is not submitted). */
  onEnter: () => void;
  /** Escape: cancels; the key goes no further (a dialog or the editor does not see it). */
  onEscape?: () => void;
}

/** A one-line text field committed with Enter (and cancelled with Escape when asked). */
export function EnterInput({ value, onValue, onEnter, onEscape, ...input }: Props) {
  return (
    <input
      {...input}
      type="text"
      value={value}
      onChange={(e) => onValue(e.target.value)}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          e.preventDefault();
          onEnter();
        } else if (e.key === 'Escape' && onEscape) {
          e.preventDefault();
          e.stopPropagation();
          onEscape();
        }
      }}
    />
  );
}
