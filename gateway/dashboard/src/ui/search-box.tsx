import { useState, type ReactNode } from 'react';

/** A search form: the list searches when it is sent (Enter or the button), not on every keystroke. */
export function SearchBox({ label, value, onSearch }: { label: string; value: string; onSearch: (text: string) => void }): ReactNode {
  const [text, setText] = useState(value);
  return (
    <form
      role="search"
      className="search"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(text.trim());
      }}
    >
      <label>
        <span className="visually-hidden">{label}</span>
        <input type="search" value={text} placeholder={label} maxLength={255} onChange={(event) => setText(event.target.value)} />
      </label>
      <button type="submit">Search</button>
      {value && (
        <button
          type="button"
          className="quiet-light"
          onClick={() => {
            setText('');
            onSearch('');
          }}
        >
          Clear
        </button>
      )}
    </form>
  );
}
