import { useId, useState } from 'react';
import { useStore } from 'zustand';
import { getAt, LANGUAGE_STYLE_FIELDS, languageStyleField, type StyleObject } from '../../contract';
import { StyleFieldControl } from './field-controls';
import { DISPLAY_LANGUAGES, type StyleDraftStore } from './style-draft';
import { languageChoices, shownLanguages, toggleLanguage, moveLanguage } from './translations';
import { addLanguage, languageFallback } from './translations';
import { Checkbox } from '../../components/fields';
import { EnterInput } from '../../components/enter-input';

interface Props {
  store: StyleDraftStore;
  /** Languages the project's alignment carries (sorted). */
  carried: readonly string[];
  problems?: ReadonlyMap<string, string> | undefined;
}

/** The languages carried and listed, the ones shown, and how to change the list. */
interface Lists {
  carried: readonly string[];
  listed: readonly string[];
  shown: readonly string[];
  set: (next: readonly string[]) => void;
}

/**
 * The languages shown under the lines (`displayLanguages`, empty: all the lyrics carry), their
 * order, and each one's text style (`languageTextStyles[lang]`), on the style draft.
 */
export function TranslationsGroup({ store, carried, problems }: Props) {
  const listed = useStore(store, (s) => s.languages);
  const style = useStore(store, (s) => s.style);
  const setList = (next: readonly string[]) => store.getState().set(DISPLAY_LANGUAGES, next);
  const choices = languageChoices(carried, listed);
  const shown = shownLanguages(carried, listed);
  const all = listed.length === 0;
  const lists: Lists = { carried, listed, shown, set: setList };
  return (
    <div className="translations-group">
      {choices.length === 0 && (
        <p className="muted">
          This project&apos;s lyrics carry no translations yet: add them in the editor, or add a
          language here to show it once they do.
        </p>
      )}
      <Checkbox
        checked={all}
        disabled={choices.length === 0 && all}
        onChange={(on) => setList(on ? [] : shown)}
      >
        Show every language the lyrics carry
      </Checkbox>
      <FieldProblem text={problems?.get(DISPLAY_LANGUAGES)} />
      <ul className="language-list" aria-label="Languages shown under the lines">
        {choices.map((lang) => (
          <LanguageRow key={lang} lang={lang} lists={lists} problems={problems} />
        ))}
      </ul>
      <AddLanguage lists={lists} />
      {shown.map((lang) => (
        <LanguageStyle key={lang} lang={lang} store={store} style={style} problems={problems} />
      ))}
    </div>
  );
}

function FieldProblem({ text, id }: { text: string | null | undefined; id?: string }) {
  if (!text) return null;
  return (
    <span id={id} className="field-problem" role="alert">
      {text}
    </span>
  );
}

/** Show or hide one language, and move it up or down the list. */
function LanguageRow({
  lang,
  lists,
  problems,
}: {
  lang: string;
  lists: Lists;
  problems: ReadonlyMap<string, string> | undefined;
}) {
  const { carried, listed, shown, set: setList } = lists;
  const on = shown.includes(lang);
  const at = listed.indexOf(lang);
  const last = on && shown.length === 1;
  return (
    <li>
      <Checkbox
        checked={on}
        disabled={last}
        title={last ? 'At least one language is shown' : undefined}
        onChange={() => setList(toggleLanguage(carried, listed, lang))}
      >
        Show {lang}
        {!carried.includes(lang) && <span className="muted"> (no line has it yet)</span>}
      </Checkbox>
      {listed.length > 0 && at >= 0 && (
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
      <FieldProblem text={at >= 0 ? problems?.get(`${DISPLAY_LANGUAGES}.${at}`) : undefined} />
    </li>
  );
}

/** A typed BCP 47 tag, checked at its field, added to the list (Enter or the button). */
function AddLanguage({ lists }: { lists: Lists }) {
  const id = useId();
  const [tag, setTag] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const add = () => {
    const added = addLanguage(lists.carried, lists.listed, tag);
    if ('problem' in added) return setProblem(added.problem);
    lists.set(added.list);
    setTag('');
    setProblem(null);
  };
  return (
    <div className="language-add">
      <label htmlFor={id}>Add a language (BCP 47 tag)</label>
      <EnterInput
        id={id}
        value={tag}
        placeholder="en, pt-BR, ja-Latn"
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-problem` : undefined}
        onValue={(text) => {
          setTag(text);
          setProblem(null);
        }}
        onEnter={add}
      />
      <button type="button" onClick={add}>
        Add language
      </button>
      <FieldProblem id={`${id}-problem`} text={problem} />
    </div>
  );
}

/** One shown language's text style; absent members show what the layout draws without them. */
function LanguageStyle({
  lang,
  store,
  style,
  problems,
}: {
  lang: string;
  store: StyleDraftStore;
  style: StyleObject;
  problems: ReadonlyMap<string, string> | undefined;
}) {
  const set = (path: string, value: unknown) => store.getState().set(path, value);
  const entry = getAt(style, `languageTextStyles.${lang}`) as Record<string, unknown> | undefined;
  const lyric = style.chordTextStyle as Record<string, unknown>;
  return (
    <fieldset className="language-style" data-language={lang}>
      <legend>Style of {lang}</legend>
      <div className="style-fields">
        {LANGUAGE_STYLE_FIELDS.map(({ key }) => {
          const field = languageStyleField(lang, key);
          if (!field) return null;
          return (
            <StyleFieldControl
              key={key}
              field={field}
              value={entry?.[key] ?? languageFallback(lyric, key)}
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
}
