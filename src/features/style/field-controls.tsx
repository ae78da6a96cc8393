import { useQuery } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import { mediaQuery, useApiClient } from '../../api';
import { FONT_FAMILIES, fieldProblem, isStrictColour, type StyleField } from '../../contract';
import { mediaName, mediaTypeName } from '../library/media-labels';
import { pickerHex, readEntry, shownText, typedStandsFor } from './field-text';

interface ControlProps {
  field: StyleField;
  value: unknown;
  disabled?: boolean;
  /** A problem found elsewhere (the service's 422, the overflow check) shown at the field. */
  extraProblem?: string | null;
  onChange: (value: unknown) => void;
  /** The typed text is (not) a valid value. */
  onInvalid?: (invalid: boolean) => void;
}

/** The attributes every control of a field carries (its id, disabled, invalid, described by). */
type Common = {
  id: string;
  disabled: boolean | undefined;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
};

/** What the person typed, kept while it is not a valid value; `typed` is its problem. */
interface Typed {
  text: string;
  problem: string | null;
  /** Takes typed text: valid text reaches the style, invalid text stays with its problem. */
  type: (text: string) => void;
  /** The picker chose a value: text and value at once. */
  pick: (value: string) => void;
  /** Leaving the field puts back the value's own text, unless what is typed is wrong. */
  blur: () => void;
}

function useTyped(
  field: StyleField,
  value: unknown,
  onChange: (value: unknown) => void,
  onInvalid: ((invalid: boolean) => void) | undefined,
): Typed {
  const shown = shownText(value);
  const [text, setText] = useState(shown);
  const [problem, setProblemState] = useState<string | null>(null);
  const setProblem = (next: string | null) => {
    setProblemState(next);
    onInvalid?.(next !== null);
  };
  // A change from elsewhere (undo, preset, reload) replaces what was typed; a value the typed text
  // already stands for ("3." for 3, " #FFD400") leaves the text alone.
  const [prevShown, setPrevShown] = useState(shown);
  if (prevShown !== shown) {
    setPrevShown(shown);
    if (!typedStandsFor(field, text, value)) {
      setText(shown);
      setProblemState(null);
      // Not during render: the store's listeners are other components.
      if (problem) queueMicrotask(() => onInvalid?.(false));
    }
  }
  return {
    text,
    problem,
    type: (next) => {
      setText(next);
      const entry = readEntry(field, next);
      setProblem(entry.problem);
      if (entry.problem === null) onChange(entry.value);
    },
    pick: (next) => {
      setText(next);
      setProblem(null);
      onChange(next);
    },
    blur: () => {
      if (!problem) setText(shown);
    },
  };
}

function Problem({ id, text }: { id: string; text: string | null | undefined }) {
  if (!text) return null;
  return (
    <span id={id} className="field-problem" role="alert">
      {text}
    </span>
  );
}

function Hint({ id, field }: { id: string; field: StyleField }) {
  if (!field.hint) return null;
  return (
    <span id={id} className="field-hint">
      {field.hint}
    </span>
  );
}

/**
 * One style field: a number, a colour (picker and text), a choice, a font, a media item or a
 * switch. What the person types stays in the field even when it is not valid; only valid values
 * reach the style.
 */
export function StyleFieldControl({
  field,
  value,
  disabled,
  extraProblem,
  onChange,
  onInvalid,
}: ControlProps) {
  const id = useId();
  const typed = useTyped(field, value, onChange, onInvalid);
  const problem = typed.problem ?? fieldProblem(field, value) ?? extraProblem ?? null;
  const describedBy = [problem ? `${id}-problem` : null, field.hint ? `${id}-hint` : null]
    .filter(Boolean)
    .join(' ');
  const common: Common = {
    id,
    disabled,
    'aria-invalid': problem ? true : undefined,
    'aria-describedby': describedBy || undefined,
  };
  if (field.kind === 'toggle') {
    return (
      <div className="style-field style-toggle" data-path={field.path}>
        <label className="checkbox" htmlFor={id}>
          <input
            {...common}
            type="checkbox"
            checked={value === true}
            onChange={(e) => onChange(e.target.checked)}
          />
          {field.label}
        </label>
        <Hint id={`${id}-hint`} field={field} />
      </div>
    );
  }
  return (
    <div
      className={field.kind === 'colour' ? 'style-field style-colour' : 'style-field'}
      data-path={field.path}
    >
      <label htmlFor={id}>
        {field.label}
        {field.unit ? <span className="field-unit"> ({field.unit})</span> : null}
      </label>
      <FieldInput
        field={field}
        common={common}
        shown={shownText(value)}
        typed={typed}
        onChange={onChange}
      />
      <Hint id={`${id}-hint`} field={field} />
      <Problem id={`${id}-problem`} text={problem} />
    </div>
  );
}

/** A field whose control is a select of its value's text. */
interface SelectProps {
  field: StyleField;
  common: Common;
  value: string;
  onChange: (value: unknown) => void;
}

/** The input of a field by its kind. */
function FieldInput({
  field,
  common,
  shown,
  typed,
  onChange,
}: {
  field: StyleField;
  common: Common;
  shown: string;
  typed: Typed;
  onChange: (value: unknown) => void;
}): ReactNode {
  switch (field.kind) {
    case 'media':
      return <MediaSelect field={field} common={common} value={shown} onChange={onChange} />;
    case 'choice':
    case 'font':
      return <ChoiceSelect field={field} common={common} value={shown} onChange={onChange} />;
    case 'colour':
      return <ColourInputs field={field} common={common} shown={shown} typed={typed} />;
    default:
      return (
        <input
          {...common}
          type="number"
          inputMode="decimal"
          step={field.step ?? (field.integer ? 1 : 'any')}
          min={field.min}
          max={field.max}
          value={typed.text}
          onChange={(e) => typed.type(e.target.value)}
        />
      );
  }
}

/** A choice or a font; a value not among the options is shown as such. */
function ChoiceSelect({ field, common, value, onChange }: SelectProps) {
  const font = field.kind === 'font';
  const options = font ? FONT_FAMILIES.map((f) => ({ value: f, label: f })) : (field.choices ?? []);
  const known = options.some((o) => o.value === value);
  return (
    <select
      {...common}
      value={value}
      onChange={(e) => onChange(field.numeric ? Number(e.target.value) : e.target.value)}
    >
      {!known && (
        <option value={value}>
          {font ? `${value} (not on the renderer)` : `${value} (unknown)`}
        </option>
      )}
      {options.map((o) => (
        <option key={o.value} value={o.value} style={font ? { fontFamily: o.value } : undefined}>
          {o.label}
        </option>
      ))}
    </select>
  );
}

/** A colour picker (opaque colours) beside a text field (`#RRGGBB`, `transparent`, `rgba()`). */
function ColourInputs({
  field,
  common,
  shown,
  typed,
}: {
  field: StyleField;
  common: Common;
  shown: string;
  typed: Typed;
}) {
  return (
    <div className="colour-inputs">
      <input
        type="color"
        aria-label={`${field.label}: picker`}
        disabled={common.disabled}
        value={pickerHex(isStrictColour(typed.text) ? typed.text : shown)}
        onChange={(e) => typed.pick(e.target.value.toUpperCase())}
      />
      <input
        {...common}
        type="text"
        spellCheck={false}
        autoComplete="off"
        value={typed.text}
        onChange={(e) => typed.type(e.target.value)}
        onBlur={typed.blur}
      />
    </div>
  );
}

/**
 * Which media item of the library a branding clip plays: '' is the newest of its type (what the
 * renderer takes when none is named); a chosen item that is gone is shown as such.
 */
function MediaSelect({ field, common, value, onChange }: SelectProps) {
  const media = useQuery(mediaQuery(useApiClient()));
  const type = field.mediaType ?? 'intro-video';
  const items = (media.data ?? []).filter((m) => m.type === type && m.status === 'ready');
  const known = value === '' || items.some((m) => m.id === value);
  const typeName = mediaTypeName(type).toLowerCase();
  return (
    <select {...common} value={value} onChange={(e) => onChange(e.target.value)}>
      <option value="">
        {media.isPending
          ? 'Loading the library…'
          : items.length
            ? `The newest ${typeName}`
            : `No ${typeName} yet`}
      </option>
      {!known && !media.isPending && <option value={value}>A deleted {typeName}</option>}
      {items.map((m) => (
        <option key={m.id} value={m.id}>
          {mediaName(m)}
        </option>
      ))}
    </select>
  );
}
