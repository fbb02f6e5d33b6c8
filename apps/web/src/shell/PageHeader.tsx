import type { ReactNode } from 'react';
import { useDocumentTitle } from './useDocumentTitle.ts';

/** Title row of a signed-in page. */
export function PageHeader({ title, description, extra }: { title: ReactNode; description?: ReactNode; extra?: ReactNode }) {
  useDocumentTitle(title);
  return (
    <div className="dc-page-header">
      <div>
        <h1>{title}</h1>
        {description && <p>{description}</p>}
      </div>
      {extra && <div>{extra}</div>}
    </div>
  );
}
