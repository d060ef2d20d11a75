import { useEffect, useState } from 'react';

/**
 * `value` once it has stayed the same for `delayMs`: what a query that follows typing keys on, so that a typed amount
 * is sent to the API when the owner pauses, not at every keystroke. Checkboxes and steppers need no such wait.
 */
export function useSettled<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
