import { useState } from 'react';

/**
 * False until `value` is first true, then true for good: a lazily loaded dialog is mounted when it
 * is first needed and stays mounted, so it closes (and opens again) as it did when always mounted.
 */
export function useOnceTrue(value: boolean): boolean {
  const [seen, setSeen] = useState(value);
  if (value && !seen) setSeen(true);
  return seen || value;
}
