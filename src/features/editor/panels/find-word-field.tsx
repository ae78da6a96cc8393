import { useId, useState, type RefObject } from 'react';

interface Props {
  /** The field (the page's `/` shortcut focuses it). */
  findRef?: RefObject<HTMLInputElement | null>;
  /** Finds the next (1) or previous (-1) match and returns what the live region says. */
  onFind: (query: string, direction: 1 | -1) => string;
}

/** "Find word": Enter finds the next match, Shift+Enter the previous; the result is announced. */
export function FindWordField({ findRef, onFind }: Props) {
  const [query, setQuery] = useState('');
  const [found, setFound] = useState('');
  const statusId = useId();
  const find = (direction: 1 | -1) => setFound(onFind(query, direction));
  return (
    <div className="find-word" role="search" aria-label="Find a word">
      <input
        ref={findRef}
        type="search"
        aria-label="Find word"
        aria-describedby={statusId}
        aria-keyshortcuts="/"
        placeholder="Find word…  /"
        value={query}
        onChange={(e) => {
          setQuery(e.target.value);
          setFound('');
        }}
        onKeyDown={(e) => {
          if (e.key !== 'Enter') return;
          e.preventDefault();
          find(e.shiftKey ? -1 : 1);
        }}
      />
      <button
        type="button"
        className="icon-button"
        aria-label="Find next word"
        title="Find next (Enter; Shift+Enter: previous)"
        onClick={() => find(1)}
      >
        <span aria-hidden="true">↓</span>
      </button>
      <p id={statusId} className="find-word-status muted" role="status">
        {found}
      </p>
    </div>
  );
}
