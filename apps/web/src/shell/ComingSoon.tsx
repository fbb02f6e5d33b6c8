import type { ReactNode } from 'react';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** Placeholder for a feature whose issue has not landed: says so plainly, shows no fake data. */
export function ComingSoon({ icon, title, description }: { icon: ReactNode; title: ReactNode; description: ReactNode }) {
  const { t } = useTranslation();
  return (
    <section className="dc-panel dc-empty" data-testid="coming-soon">
      <span className="dc-empty__art" aria-hidden="true">
        {icon}
      </span>
      <Tag color="processing" variant="filled" style={{ marginBottom: 12 }}>
        {t('common.comingSoon')}
      </Tag>
      <h2>{title}</h2>
      <p>{description}</p>
    </section>
  );
}
