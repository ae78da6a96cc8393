import { formatValue, humanize, isColour, isRecord } from './settings-summary';

/** A nested definition list of settings: readable names, colours with swatches. */
export function SettingsList({ value, skip = [] }: { value: unknown; skip?: string[] }) {
  if (!isRecord(value)) return <p>{formatValue(value)}</p>;
  const entries = Object.entries(value).filter(([key]) => !skip.includes(key));
  if (entries.length === 0) return <p className="muted">Nothing set.</p>;
  return (
    <dl className="settings-list">
      {entries.map(([key, child]) => (
        <div key={key} className={isRecord(child) ? 'settings-group' : 'settings-row'}>
          <dt>{humanize(key)}</dt>
          <dd>
            {isRecord(child) ? (
              <SettingsList value={child} />
            ) : isColour(child) ? (
              <ColourValue value={child} />
            ) : (
              formatValue(child)
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

export function ColourValue({ value }: { value: string }) {
  return (
    <span className="colour-value">
      <span className="swatch" style={{ background: value }} aria-hidden="true" />
      <code>{value}</code>
    </span>
  );
}
