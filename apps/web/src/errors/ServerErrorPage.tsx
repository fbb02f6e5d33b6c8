import { useTranslation } from 'react-i18next';
import { ErrorPage } from './ErrorPage.tsx';

export default function ServerErrorPage() {
  const { t } = useTranslation();
  return <ErrorPage status="500" title={t('errors.server.title')} subtitle={t('errors.server.subtitle')} retry />;
}
