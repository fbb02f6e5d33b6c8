import { useTranslation } from 'react-i18next';
import { ErrorPage } from './ErrorPage.tsx';

export default function NotFoundPage() {
  const { t } = useTranslation();
  return <ErrorPage status="404" title={t('errors.notFound.title')} subtitle={t('errors.notFound.subtitle')} />;
}
