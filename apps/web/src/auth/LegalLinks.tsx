import { Fragment, lazy, Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export type LegalDoc = 'terms' | 'privacy';

// The dialog (antd's Modal and Typography) loads when a link is first followed: the sign-in page's
// first load leaves it out (docs/performance.md, "First load").
const LegalDialog = lazy(() => import('./LegalDialog.tsx'));

/**
 * A translated sentence whose self-closing tags (`<terms/>`, `<privacy/>`) stand for the given
 * elements, as react-i18next's Trans renders them, without its HTML parser on the sign-in page.
 */
export function withTags(text: string, tags: Record<string, ReactNode>): ReactNode[] {
  return text.split(/<(\w+)\s*\/>/).map((part, i) => <Fragment key={i}>{i % 2 === 1 ? (tags[part] ?? `<${part}/>`) : part}</Fragment>);
}

/** The Terms of Use and Privacy Policy links; each opens its text in a dialog. */
export function useLegalLinks() {
  const { t } = useTranslation();
  const [open, setOpen] = useState<LegalDoc | null>(null);
  // mounted from the first opening on, so the dialog can animate its closing
  const [opened, setOpened] = useState(false);
  const link = (doc: LegalDoc) => (
    <a
      className="dc-auth__legal-link"
      onClick={(e) => {
        e.preventDefault();
        setOpened(true);
        setOpen(doc);
      }}
      href={`#${doc}`}
    >
      {t(doc === 'terms' ? 'auth.legal.termsOfUse' : 'auth.legal.privacyPolicy')}
    </a>
  );
  const modal = opened ? (
    <Suspense fallback={null}>
      <LegalDialog doc={open} onClose={() => setOpen(null)} />
    </Suspense>
  ) : null;
  return { terms: link('terms'), privacy: link('privacy'), modal };
}
