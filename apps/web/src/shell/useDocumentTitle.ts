import { useEffect } from 'react';
import type { ReactNode } from 'react';

/** "Page · Docent" in the browser tab, when the page title is plain text. */
export function useDocumentTitle(title: ReactNode): void {
  useEffect(() => {
    if (typeof title === 'string' && title) document.title = `${title} · Docent`;
  }, [title]);
}
