import { isRouteErrorResponse, useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ErrorPage } from './ErrorPage.tsx';

/** Anything a route throws while rendering or loading (e.g. a chunk that failed to download). */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <ErrorPage status="404" title={t('errors.notFound.title')} subtitle={t('errors.notFound.subtitle')} />;
  }
  console.error(error);
  return <ErrorPage status="500" title={t('errors.server.title')} subtitle={t('errors.server.subtitle')} retry />;
}
