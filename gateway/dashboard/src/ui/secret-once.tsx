import { useId, useRef, type ReactNode } from 'react';
import { useNotify } from './notices';

/**
 * A secret the API answered once (a webhook's signing secret, an API key, an app's client secret): shown in a read-only
 * field with a Copy button and a plain "shown once" note. It lives in this component's state only: never in the address,
 * the history or storage, so leaving the page forgets it.
 */
export function SecretOnce(props: {
  title: string;
  rows: ReadonlyArray<{ label: string; value: string; secret?: boolean }>;
  /** What keeping it means, after "Copy it now: it is shown only this once". */
  note: string;
  children?: ReactNode;
}): ReactNode {
  const headingId = useId();
  return (
    <section className="secret-once" aria-labelledby={headingId}>
      <h2 id={headingId}>{props.title}</h2>
      <p className="secret-note">
        <strong>Copy it now: it is shown only this once.</strong> {props.note}
      </p>
      {props.rows.map((row) => (
        <SecretRow key={row.label} {...row} />
      ))}
      {props.children}
    </section>
  );
}

function SecretRow({ label, value, secret = true }: { label: string; value: string; secret?: boolean }): ReactNode {
  const notify = useNotify();
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      notify(`${label} copied.`);
    } catch {
      // No clipboard (permission refused, an old browser): select it for the owner to copy.
      input.current?.select();
      notify(`The browser refused to copy: the ${label} is selected, copy it with the keyboard.`, 'refused');
    }
  };
  return (
    <div className="secret-row">
      <label htmlFor={id}>{label}</label>
      <div className="secret-value">
        <input
          id={id}
          ref={input}
          readOnly
          value={value}
          spellCheck={false}
          autoComplete="off"
          className={secret ? 'secret' : undefined}
          onFocus={(event) => event.currentTarget.select()}
        />
        <button type="button" onClick={() => void copy()} aria-label={`Copy ${label}`}>
          Copy
        </button>
      </div>
    </div>
  );
}
