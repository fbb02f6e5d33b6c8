import { lazy, Suspense, type ComponentProps } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ErrorPage as ErrorPageType } from './ErrorPage.tsx';

type ErrorPageProps = ComponentProps<typeof ErrorPageType>;

/**
 * The error page in plain HTML, shown instead of the illustrated one when its chunk cannot be
 * downloaded either (the error being handled may be exactly that).
 */
function PlainErrorPage({ title, subtitle, retry }: ErrorPageProps) {
  const { t } = useTranslation();
  return (
    <div className="dc-error-page" role="alert">
      <h1>{title}</h1>
      <p>{subtitle}</p>
      <p>
        <a href="/">{t('errors.backHome')}</a>
        {retry && (
          <>
            {' · '}
            <button type="button" onClick={() => window.location.reload()}>
              {t('errors.retry')}
            </button>
          </>
        )}
      </p>
    </div>
  );
}

// The illustrated page (antd's Result and its pictures) is its own chunk: every page's first load
// carries this boundary, few ever show it (docs/performance.md, "First load").
const ErrorPage = lazy(() =>
  import('./ErrorPage.tsx').then(
    (m) => ({ default: m.ErrorPage }),
    () => ({ default: PlainErrorPage }),
  ),
);

function ErrorScreen(props: ErrorPageProps) {
  return (
    <Suspense fallback={null}>
      <ErrorPage {...props} />
    </Suspense>
  );
}

/** Anything a route throws while rendering or loading (e.g. a chunk that failed to download). */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <ErrorScreen status="404" title={t('errors.notFound.title')} subtitle={t('errors.notFound.subtitle')} />;
  }
  console.error(error);
  return <ErrorScreen status="500" title={t('errors.server.title')} subtitle={t('errors.server.subtitle')} retry />;
}
