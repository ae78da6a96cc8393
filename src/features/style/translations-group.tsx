import { useId, useState } from 'react';
import { useStore } from 'zustand';
import {
  canonicalLanguageTag,
  getAt,
  LANGUAGE_STYLE_FIELDS,
  languageStyleField,
  languageTagProblem,
} from '../../contract';
import { StyleFieldControl } from './field-controls';
import { DISPLAY_LANGUAGES, type StyleDraftStore } from './style-draft';
import { languageChoices, shownLanguages, toggleLanguage, moveLanguage } from './translations';
import { EnterInput } from '../../components/enter-input';

interface Props {
  store: StyleDraftStore;
  /** Languages the project's alignment carries (sorted). */
  carried: readonly string[];
  problems?: ReadonlyMap<string, string> | undefined;
}

/**
 * The languages shown under the lines (`displayLanguages`, empty: all the lyrics carry), their
 * order, and each one's text style (`languageTextStyles[lang]`), on the style draft.
 */
export function TranslationsGroup({ store, carried, problems }: Props) {
  const listed = useStore(store, (s) => s.languages);
  const style = useStore(store, (s) => s.style);
  const set = (path: string, value: unknown) => store.getState().set(path, value);
  const setList = (next: readonly string[]) => set(DISPLAY_LANGUAGES, next);
  const choices = languageChoices(carried, listed);
  const shown = shownLanguages(carried, listed);
  const all = listed.length === 0;
  const addId = useId();
  const [tag, setTag] = useState('');
  const [tagProblem, setTagProblem] = useState<string | null>(null);

  const add = () => {
    const problem = languageTagProblem(tag);
    const canon = canonicalLanguageTag(tag);
    if (problem || !canon) return setTagProblem(problem);
    if (!all && listed.includes(canon)) return setTagProblem(`${canon} is already shown.`);
    setList([...(all ? shown : listed), canon].filter((l, i, a) => a.indexOf(l) === i));
    setTag('');
    setTagProblem(null);
  };

  const lyric = style.chordTextStyle as Record<string, unknown>;
  // What the layout draws when the member is absent (src/karaoke-layout/layout.ts).
  const fallback = (key: string): unknown =>
    key === 'fontSize'
      ? Math.round(Number(lyric.fontSize ?? 96) * 0.55)
      : key === 'outlineWidth'
        ? Math.round(Number(lyric.outlineWidth ?? 20) * 0.6 * 10) / 10
        : lyric[key];

  return (
    <div className="translations-group">
      {choices.length === 0 && (
        <p className="muted">
          This project&apos;s lyrics carry no translations yet: add them in the editor, or add a
          language here to show it once they do.
        </p>
      )}
      <label className="checkbox">
        <input
          type="checkbox"
          checked={all}
          disabled={choices.length === 0 && all}
          onChange={(e) => setList(e.target.checked ? [] : shown)}
        />
        Show every language the lyrics carry
      </label>
      {problems?.get(DISPLAY_LANGUAGES) && (
        <span className="field-problem" role="alert">
          {problems.get(DISPLAY_LANGUAGES)}
        </span>
      )}
      <ul className="language-list" aria-label="Languages shown under the lines">
        {choices.map((lang) => {
          const on = shown.includes(lang);
          const at = listed.indexOf(lang);
          const problem = at >= 0 ? problems?.get(`${DISPLAY_LANGUAGES}.${at}`) : undefined;
          return (
            <li key={lang}>
              <label className="checkbox">
                <input
                  type="checkbox"
                  checked={on}
                  disabled={on && shown.length === 1}
                  title={on && shown.length === 1 ? 'At least one language is shown' : undefined}
                  onChange={() => setList(toggleLanguage(carried, listed, lang))}
                />
                Show {lang}
                {!carried.includes(lang) && <span className="muted"> (no line has it yet)</span>}
              </label>
              {!all && at >= 0 && (
                <span className="language-order">
                  <button
                    type="button"
                    aria-label={`Move ${lang} up`}
                    disabled={at === 0}
                    onClick={() => setList(moveLanguage(listed, lang, -1))}
                  >
                    ↑
                  </button>
                  <button
                    type="button"
                    aria-label={`Move ${lang} down`}
                    disabled={at === listed.length - 1}
                    onClick={() => setList(moveLanguage(listed, lang, 1))}
                  >
                    ↓
                  </button>
                </span>
              )}
              {problem && (
                <span className="field-problem" role="alert">
                  {problem}
                </span>
              )}
            </li>
          );
        })}
      </ul>
      <div className="language-add">
        <label htmlFor={addId}>Add a language (BCP 47 tag)</label>
        <EnterInput
          id={addId}
          value={tag}
          placeholder="en, pt-BR, ja-Latn"
          aria-invalid={tagProblem ? true : undefined}
          aria-describedby={tagProblem ? `${addId}-problem` : undefined}
          onValue={(text) => {
            setTag(text);
            setTagProblem(null);
          }}
          onEnter={add}
        />
        <button type="button" onClick={add}>
          Add language
        </button>
        {tagProblem && (
          <span id={`${addId}-problem`} className="field-problem" role="alert">
            {tagProblem}
          </span>
        )}
      </div>
      {shown.map((lang) => {
        const entry = getAt(style, `languageTextStyles.${lang}`) as
          Record<string, unknown> | undefined;
        return (
          <fieldset key={lang} className="language-style" data-language={lang}>
            <legend>Style of {lang}</legend>
            <div className="style-fields">
              {LANGUAGE_STYLE_FIELDS.map(({ key }) => {
                const field = languageStyleField(lang, key);
                if (!field) return null;
                return (
                  <StyleFieldControl
                    key={key}
                    field={field}
                    value={entry?.[key] ?? fallback(key)}
                    extraProblem={problems?.get(field.path)}
                    onChange={(v) => set(field.path, v)}
                    onInvalid={(bad) => store.getState().markInvalid(field.path, bad)}
                  />
                );
              })}
            </div>
            {entry && (
              <button
                type="button"
                onClick={() => {
                  const { [lang]: _gone, ...rest } = style.languageTextStyles;
                  set('languageTextStyles', rest);
                }}
              >
                Default look for {lang}
              </button>
            )}
          </fieldset>
        );
      })}
    </div>
  );
}
