import type { StemModel } from '../../contract';
import { isStemModel, STEM_MODEL_OPTIONS } from './stem-models';

/** The 12 models by readable name; empty means the service's default. */
export function StemModelSelect({
  value,
  onChange,
  label = 'Stem model',
  disabled,
}: {
  value: StemModel | '';
  onChange: (model: StemModel | '') => void;
  label?: string;
  disabled?: boolean;
}) {
  return (
    <label>
      {label}
      <select
        value={value}
        disabled={disabled}
        onChange={(event) => {
          const next = event.target.value;
          onChange(isStemModel(next) ? next : '');
        }}
      >
        <option value="">Service default</option>
        {STEM_MODEL_OPTIONS.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );
}
