import { SelectField } from '../../components/fields';
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
    <SelectField
      label={label}
      value={value}
      disabled={disabled}
      options={[{ value: '' as const, label: 'Service default' }, ...STEM_MODEL_OPTIONS]}
      onChange={(next) => onChange(isStemModel(next) ? next : '')}
    />
  );
}
