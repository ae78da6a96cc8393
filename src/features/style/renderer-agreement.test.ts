import { describe, expect, it } from 'vitest';
import { defaultStyle, setAt, STYLE_FIELDS, styleProblems } from '../../contract';
import { styleIssues } from '../../karaoke-layout';

/**
 * Every value the style editor and the settings endpoint accept is one the renderer renders: the
 * bounds and choices of src/contract/style-fields.ts sit inside src/karaoke-layout/style-check.ts.
 */
describe('style fields agree with the renderer', () => {
  it.each(
    STYLE_FIELDS.filter((f) => f.kind === 'number' || f.kind === 'choice').map((f) => [f.path, f]),
  )('%s: every accepted edge value renders', (_path, field) => {
    const values =
      field.kind === 'choice'
        ? (field.choices ?? []).map((c) => (field.numeric ? Number(c.value) : c.value))
        : [field.min ?? (field.above ?? 0) + 0.01, field.max ?? 1000];
    for (const value of values) {
      const style = setAt(defaultStyle(), field.path, value);
      expect(styleProblems(style), `${field.path} = ${String(value)}`).toEqual([]);
      expect(styleIssues(style), `${field.path} = ${String(value)}`).toEqual([]);
    }
  });
});
