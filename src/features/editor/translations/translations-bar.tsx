import { useId, useState } from 'react';
import { EnterInput } from '../../../components/enter-input';
import { isRomanization } from '../../../timing';
import type { TranslationView } from './translation-view';
import './translations.css';

/**
 * The project's translation languages above the word list: show/hide each, line or per-word
 * readings, rename its key, remove it (one undo step), add one. Every control is a plain button
 * or field, so it works with the keyboard alone.
 */
export function TranslationsBar({ view }: { view: TranslationView }) {
  const [renaming, setRenaming] = useState<string | null>(null);
  return (
    <section className="translations-bar" aria-label="Translations">
      <span className="translations-title">Translations</span>
      {view.all.length === 0 && <span className="muted">none yet</span>}
      <ul className="translation-langs">
        {view.all.map((lang) =>
          renaming === lang ? (
            <RenameField
              key={lang}
              lang={lang}
              onDone={(input) => {
                if (input === null) {
                  setRenaming(null);
                  return null;
                }
                const error = view.rename(lang, input);
                if (!error) setRenaming(null);
                return error;
              }}
            />
          ) : (
            <LanguageItem key={lang} lang={lang} view={view} onRename={() => setRenaming(lang)} />
          ),
        )}
      </ul>
      <AddLanguage view={view} />
    </section>
  );
}

/** One language: shown or hidden, line or per-word readings, rename, remove. */
function LanguageItem({
  lang,
  view,
  onRename,
}: {
  lang: string;
  view: TranslationView;
  onRename: () => void;
}) {
  return (
    <li className={`translation-lang${view.hidden.has(lang) ? ' off' : ''}`}>
      <label title={isRomanization(lang) ? 'Romanization' : 'Translation'}>
        <input
          type="checkbox"
          checked={!view.hidden.has(lang)}
          onChange={() => view.toggle(lang)}
          aria-label={`Show ${lang}`}
        />
        <span className="lang-key">{lang}</span>
        {view.previewLangs.includes(lang) && (
          <span className="lang-note" title="Shown in the preview and the video">
            ★<span className="visually-hidden"> in the preview</span>
          </span>
        )}
      </label>
      <button
        type="button"
        className="small"
        aria-pressed={view.mode(lang) === 'words'}
        aria-label={`${lang}: a reading per word`}
        title="A reading per word (romanization of CJK lyrics) instead of one per line"
        onClick={() => view.setMode(lang, view.mode(lang) === 'words' ? 'line' : 'words')}
      >
        Per word
      </button>
      <button type="button" className="small" aria-label={`Rename ${lang}`} onClick={onRename}>
        Rename
      </button>
      <button
        type="button"
        className="small icon-button"
        aria-label={`Remove ${lang}`}
        title={`Remove ${lang} and its translations (undo brings them back)`}
        onClick={() => view.remove(lang)}
      >
        <span aria-hidden="true">✕</span>
      </button>
    </li>
  );
}

/** "New language tag" and "Add language": the tag is checked, its problem said at the field. */
function AddLanguage({ view }: { view: TranslationView }) {
  const tag = useTagField('');
  const add = () => {
    const error = view.add(tag.text);
    tag.setError(error);
    if (!error) tag.setText('');
  };
  return (
    <span className="translation-add">
      <EnterInput
        {...tag.field}
        aria-label="New language tag"
        placeholder="en, ja-Latn…"
        onEnter={add}
      />
      <button type="button" className="small" onClick={add}>
        Add language
      </button>
      <TagError tag={tag} />
    </span>
  );
}

function RenameField({
  lang,
  onDone,
}: {
  lang: string;
  onDone: (input: string | null) => string | null;
}) {
  const tag = useTagField(lang);
  return (
    <li className="translation-lang renaming">
      <EnterInput
        {...tag.field}
        autoFocus
        aria-label={`New tag for ${lang}`}
        onEnter={() => tag.setError(onDone(tag.text))}
        onEscape={() => onDone(null)}
      />
      <button type="button" className="small" onClick={() => tag.setError(onDone(tag.text))}>
        Rename
      </button>
      <button type="button" className="small" onClick={() => onDone(null)}>
        Cancel
      </button>
      <TagError tag={tag} />
    </li>
  );
}

/** A language tag as typed and its problem (cleared as soon as the tag is edited). */
function useTagField(initial: string) {
  const [text, setText] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();
  const field = {
    value: text,
    spellCheck: false,
    'aria-invalid': error !== null,
    'aria-describedby': error ? errorId : undefined,
    onValue: (typed: string) => {
      setText(typed);
      setError(null);
    },
  };
  return { text, setText, error, setError, errorId, field };
}

function TagError({ tag }: { tag: { error: string | null; errorId: string } }) {
  if (!tag.error) return null;
  return (
    <span id={tag.errorId} className="field-error" role="alert">
      {tag.error}
    </span>
  );
}
