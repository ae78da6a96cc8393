import { describe, expect, it } from 'vitest';
import { PresetPatchSchema } from '../../contract';
import { presetNameError } from './preset-name';

describe('presetNameError', () => {
  it('says in a sentence what the contract would refuse, and nothing else', () => {
    for (const name of ['', '   ', 'x'.repeat(201), 'ok', ' Neon ', 'x'.repeat(200)]) {
      const refused = !PresetPatchSchema.safeParse({ name }).success;
      expect(presetNameError(name) !== null, JSON.stringify(name)).toBe(refused);
    }
    expect(presetNameError(' ')).toBe('Give the preset a name.');
    expect(presetNameError('x'.repeat(201))).toMatch(/at most 200 characters \(this one has 201\)/);
  });
});
