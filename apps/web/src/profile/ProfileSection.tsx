import type { ReactNode } from 'react';
import { Button } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useViewport } from '../shell/useViewport.ts';
import { useDocumentTitle } from '../shell/useDocumentTitle.ts';

/** A profile subpage: its heading, and on mobile a Back button to the navigation list (docs/spec-conformance.md §2). */
export function ProfileSection({ title, description, children }: { title: ReactNode; description?: ReactNode; children: ReactNode }) {
  useDocumentTitle(title);
  const { t } = useTranslation();
  const navigate = useNavigate();
  const viewport = useViewport();
  return (
    <section className="dc-profile-section">
      {viewport === 'mobile' && (
        <Button type="link" icon={<ArrowLeftOutlined />} onClick={() => void navigate('/profile')} className="dc-profile-section__back">
          {t('common.back')}
        </Button>
      )}
      <header>
        <h1>{title}</h1>
        {description && <p>{description}</p>}
      </header>
      {children}
    </section>
  );
}
