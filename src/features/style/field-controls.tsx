import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { mediaQuery, useApiClient } from '../../api';
import { FONT_FAMILIES, fieldProblem, isStrictColour, type StyleField } from '../../contract';
import { mediaName, mediaTypeName } from '../library/media-labels';

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

/** `#RRGGBB` for the colour picker: rgba and transparent show their nearest opaque colour. */
export function pickerHex(value: string): string {
  if (/^#[0-9a-fA-F]{6}$/.test(value)) return value.toLowerCase();
  const m = /^rgba\(\s*(\d+)\s*,\s*(\d+)\s*,\s*(\d+)/.exec(value);
  if (m) {
    return `#${[m[1], m[2], m[3]]
      .map((c) => Math.min(255, Number(c)).toString(16).padStart(2, '0'))
      .join('')}`;
  }
  return '#000000';
}

function Problem({ id, text }: { id: string; text: string | null | undefined }) {
  if (!text) return null;
  return (
    <span id={id} className="field-problem" role="alert">
      {text}
    </span>
  );
}

/**
 * One style field: a number, a colour (picker and text), a choice, a font or a switch. What the
 * person types stays in the field even when it is not valid; only valid values reach the style.
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
  const problemId = `${id}-problem`;
  const hintId = `${id}-hint`;
  const shown = typeof value === 'number' || typeof value === 'string' ? String(value) : '';
  const [text, setText] = useState(shown);
  const [typedProblem, setTypedProblemState] = useState<string | null>(null);
  const setTypedProblem = (problem: string | null) => {
    setTypedProblemState(problem);
    onInvalid?.(problem !== null);
  };
  // A change from elsewhere (undo, preset, reload) replaces what was typed; a value the typed text
  // already stands for ("3." for 3, " #FFD400") leaves the text alone.
  const [prevShown, setPrevShown] = useState(shown);
  if (prevShown !== shown) {
    setPrevShown(shown);
    const same =
      field.kind === 'number'
        ? text.trim() !== '' && Number(text) === value
        : text.trim() === shown;
    if (!same) {
      setText(shown);
      setTypedProblemState(null);
      // Not during render: the store's listeners are other components.
      if (typedProblem) queueMicrotask(() => onInvalid?.(false));
    }
  }

  const problem = typedProblem ?? fieldProblem(field, value) ?? extraProblem ?? null;
  const describedBy = [problem ? problemId : null, field.hint ? hintId : null]
    .filter(Boolean)
    .join(' ');
  const common = {
    id,
    disabled,
    'aria-invalid': problem ? true : undefined,
    'aria-describedby': describedBy || undefined,
  } as const;
  const label = (
    <>
      {field.label}
      {field.unit ? <span className="field-unit"> ({field.unit})</span> : null}
    </>
  );
  const hint = field.hint ? (
    <span id={hintId} className="field-hint">
      {field.hint}
    </span>
  ) : null;

  switch (field.kind) {
    case 'media':
      return (
        <div className="style-field" data-path={field.path}>
          <label htmlFor={id}>{label}</label>
          <MediaSelect
            field={field}
            common={common}
            value={shown}
            onChange={(next) => onChange(next)}
          />
          {hint}
          <Problem id={problemId} text={problem} />
        </div>
      );
    case 'toggle':
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
          {hint}
        </div>
      );
    case 'choice':
    case 'font': {
      const options =
        field.kind === 'font'
          ? FONT_FAMILIES.map((f) => ({ value: f, label: f }))
          : (field.choices ?? []);
      const known = options.some((o) => o.value === shown);
      return (
        <div className="style-field" data-path={field.path}>
          <label htmlFor={id}>{label}</label>
          <select
            {...common}
            value={shown}
            onChange={(e) => onChange(field.numeric ? Number(e.target.value) : e.target.value)}
          >
            {!known && (
              <option value={shown}>
                {field.kind === 'font' ? `${shown} (not on the renderer)` : `${shown} (unknown)`}
              </option>
            )}
            {options.map((o) => (
              <option
                key={o.value}
                value={o.value}
                style={field.kind === 'font' ? { fontFamily: o.value } : undefined}
              >
                {o.label}
              </option>
            ))}
          </select>
          {hint}
          <Problem id={problemId} text={problem} />
        </div>
      );
    }
    case 'colour':
      return (
        <div className="style-field style-colour" data-path={field.path}>
          <label htmlFor={id}>{label}</label>
          <div className="colour-inputs">
            <input
              type="color"
              aria-label={`${field.label}: picker`}
              disabled={disabled}
              value={pickerHex(isStrictColour(text) ? text : shown)}
              onChange={(e) => {
                const next = e.target.value.toUpperCase();
                setText(next);
                setTypedProblem(null);
                onChange(next);
              }}
            />
            <input
              {...common}
              type="text"
              spellCheck={false}
              autoComplete="off"
              value={text}
              onChange={(e) => {
                const next = e.target.value;
                setText(next);
                const trimmed = next.trim();
                const wrong = fieldProblem(field, trimmed);
                setTypedProblem(wrong);
                if (!wrong) onChange(trimmed);
              }}
              onBlur={() => {
                if (!typedProblem) setText(shown);
              }}
            />
          </div>
          {hint}
          <Problem id={problemId} text={problem} />
        </div>
      );
    case 'number':
      return (
        <div className="style-field" data-path={field.path}>
          <label htmlFor={id}>{label}</label>
          <input
            {...common}
            type="number"
            inputMode="decimal"
            step={field.step ?? (field.integer ? 1 : 'any')}
            min={field.min}
            max={field.max}
            value={text}
            onChange={(e) => {
              const next = e.target.value;
              setText(next);
              if (next.trim() === '') {
                setTypedProblem(`Enter a value for ${field.label.toLowerCase()}.`);
                return;
              }
              const n = Number(next);
              const wrong = fieldProblem(field, n);
              setTypedProblem(wrong);
              if (!wrong) onChange(n);
            }}
          />
          {hint}
          <Problem id={problemId} text={problem} />
        </div>
      );
  }
}

/**
 * Which media item of the library a branding clip plays: '' is the newest of its type (what the
 * renderer takes when none is named); a chosen item that is gone is shown as such.
 */
function MediaSelect({
  field,
  common,
  value,
  onChange,
}: {
  field: StyleField;
  common: Record<string, unknown>;
  value: string;
  onChange: (value: string) => void;
}) {
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
