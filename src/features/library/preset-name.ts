/** The limit the contract puts on a preset's name (PresetPatchSchema). */
export const PRESET_NAME_MAX = 200;

/** A sentence about a typed preset name, or null when the service will take it. */
export function presetNameError(name: string): string | null {
  const trimmed = name.trim();
  if (trimmed === '') return 'Give the preset a name.';
  if (trimmed.length > PRESET_NAME_MAX)
    return `A preset name can be at most ${PRESET_NAME_MAX} characters (this one has ${trimmed.length}).`;
  return null;
}
