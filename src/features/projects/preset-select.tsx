import type { UseQueryResult } from '@tanstack/react-query';
import type { Preset } from '../../contract';

/** The account's presets, the default one marked; empty value: the service's own style. */
export function PresetSelect({
  presets,
  value,
  onChange,
}: {
  presets: UseQueryResult<Preset[]>;
  value: string;
  onChange: (presetId: string) => void;
}) {
  return (
    <div className="field">
      <label>
        Preset
        <select
          value={value}
          disabled={presets.isPending}
          onChange={(event) => onChange(event.target.value)}
        >
          <option value="">
            {presets.isPending ? 'Loading presets…' : 'No preset (standard style)'}
          </option>
          {presets.data?.map((preset) => (
            <option key={preset.id} value={preset.id}>
              {preset.isDefault ? `${preset.name} (default)` : preset.name}
            </option>
          ))}
        </select>
      </label>
      {presets.isError && (
        <span className="error-text" role="alert">
          Presets could not be loaded: the standard style is used.{' '}
          <button type="button" onClick={() => void presets.refetch()}>
            Try again
          </button>
        </span>
      )}
    </div>
  );
}
