import type { ReactNode } from 'react';
import { problemOf } from '../api/client';

/** What a page shows while its data is on the way: words a screen reader announces, not a spinner alone. */
export function Loading({ what }: { what: string }): ReactNode {
  return (
    <p className="loading" role="status">
      Loading {what}…
    </p>
  );
}

/** A call that failed, in a sentence, with a way to try again. */
export function Failure({ error, retry }: { error: unknown; retry?: () => void }): ReactNode {
  return (
    <div className="failure" role="alert">
      <p>{problemOf(error)}</p>
      {retry && (
        <button type="button" onClick={retry}>
          Try again
        </button>
      )}
    </div>
  );
}

/** A status word as a badge; the word is the label, the colour only repeats it. */
export function Badge({ value }: { value: string }): ReactNode {
  const tone = value.toLowerCase().replace(/[^a-z]+/g, '-');
  return <span className={`badge badge-${tone}`}>{value}</span>;
}
