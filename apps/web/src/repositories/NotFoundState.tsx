import { Button, Result } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

/**
 * What an unknown organisation or repository shows: the sentence and a way
 * back, nothing of the page it would have been (no header, actions or tabs).
 */
export function NotFoundState({ title, testId }: { title: string; testId: string }) {
  const { t } = useTranslation();
  return (
    <div className="dc-page" data-testid={testId}>
      <Result
        status="404"
        title={title}
        extra={
          <Link to="/repositories">
            <Button type="primary">{t('repositories.backToList')}</Button>
          </Link>
        }
      />
    </div>
  );
}
