import { describe, expect, it } from 'vitest';
import {
  emptyForm,
  errorsAfterEdit,
  fieldErrorsFromProblem,
  toCreateProject,
  validateNewProject,
  withFile,
  withoutFile,
} from './new-project-form';
import { STEM_MODEL_NAMES, STEM_MODEL_OPTIONS } from './stem-models';
import { STEM_MODELS } from '../../contract';

const file = new File(['abc'], 'song.flac', { type: 'audio/flac' });

describe('new project form', () => {
  it('needs a file and a title of at least two characters', () => {
    expect(validateNewProject(emptyForm())).toEqual({
      file: 'Choose an audio or video file.',
      title: 'A title has at least 2 characters.',
    });
    expect(validateNewProject({ ...emptyForm(), file, title: ' A ' }).title).toBe(
      'A title has at least 2 characters.',
    );
    expect(validateNewProject({ ...emptyForm(), file, title: 'Ab' })).toEqual({});
  });

  it('builds the create body, using the default preset unless another is chosen', () => {
    const form = {
      ...emptyForm(),
      file,
      title: '  Song ',
      artists: 'A, B',
      lyrics: 'la la',
      stemModel: 'bs_roformer' as const,
    };
    expect(toCreateProject(form, 'pst_default')).toEqual({
      kind: 'karaoke',
      title: 'Song',
      artists: ['A', 'B'],
      lyricsSource: { type: 'transcribe', lyrics: 'la la' },
      presetId: 'pst_default',
      stemModel: 'bs_roformer',
    });
    expect(toCreateProject({ ...form, presetId: '' }, 'pst_default').presetId).toBeUndefined();
    expect(toCreateProject({ ...form, presetId: 'pst_2' }, 'pst_default').presetId).toBe('pst_2');
    expect(toCreateProject({ ...form, lyrics: '  ' }, undefined).lyricsSource).toBeUndefined();
  });

  it('places the service field errors at their fields', () => {
    expect(
      fieldErrorsFromProblem([
        { path: 'title', message: 'a title has at least 2 characters' },
        { path: 'artists.1', message: 'too long' },
        { path: 'somethingElse', message: 'x' },
      ]),
    ).toEqual({ title: 'A title has at least 2 characters.', artists: 'Too long.' });
  });

  it('names all 12 stem models readably and distinctly', () => {
    expect(STEM_MODEL_OPTIONS.map((o) => o.value)).toEqual([...STEM_MODELS]);
    const names = Object.values(STEM_MODEL_NAMES);
    expect(names).toHaveLength(12);
    expect(new Set(names).size).toBe(12);
    for (const model of STEM_MODELS) expect(STEM_MODEL_NAMES[model]).not.toContain('_');
  });
});

describe('choosing and dropping the file', () => {
  const other = new File(['x'], 'Other_Song.mp3');
  it('suggests the title from the file until the user types their own', () => {
    const first = withFile(emptyForm(), file);
    expect(first.title).toBe('song');
    expect(withFile(first, other).title).toBe('Other Song');
    expect(withFile({ ...first, title: 'Mine' }, other)).toMatchObject({
      file: other,
      title: 'Mine',
    });
  });
  it("takes the file out with the title it suggested, keeping the user's own", () => {
    const chosen = withFile(emptyForm(), file);
    expect(withoutFile(chosen)).toMatchObject({ file: null, title: '' });
    expect(withoutFile({ ...chosen, title: 'Mine' })).toMatchObject({ file: null, title: 'Mine' });
  });
  it('clears the errors of the fields edited', () => {
    expect(errorsAfterEdit({ title: 'a', artists: 'b' }, { title: 'x' })).toEqual({ artists: 'b' });
  });
});
