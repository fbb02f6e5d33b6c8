import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FileSearchOutlined, FileTextOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { Logo } from '../shell/Logo.tsx';
import { SettingsPopover } from '../shell/SettingsPopover.tsx';
import { APP_VERSION } from '../shell/version.ts';
import './auth.css';
import { useDocumentTitle } from '../shell/useDocumentTitle.ts';

/** Split layout of every auth page: a brand panel on desktop, one column on phones. */
export function AuthLayout({ title, subtitle, children }: { title: ReactNode; subtitle?: ReactNode; children: ReactNode }) {
  useDocumentTitle(title);
  const { t } = useTranslation();
  const features = [
    { icon: <FileSearchOutlined />, title: t('auth.brand.analysisTitle'), text: t('auth.brand.analysisText') },
    { icon: <FileTextOutlined />, title: t('auth.brand.docsTitle'), text: t('auth.brand.docsText') },
    { icon: <ThunderboltOutlined />, title: t('auth.brand.jobsTitle'), text: t('auth.brand.jobsText') },
  ];
  return (
    <div className="dc-auth">
      <aside className="dc-auth__brand">
        <Logo inverted />
        <div className="dc-auth__pitch">
          <h2>{t('auth.brand.headline')}</h2>
          <p>{t('auth.brand.subline')}</p>
          <ul>
            {features.map((f) => (
              <li key={f.title}>
                <span className="dc-auth__feature-icon">{f.icon}</span>
                <span>
                  <strong>{f.title}</strong>
                  <span>{f.text}</span>
                </span>
              </li>
            ))}
          </ul>
        </div>
        <span className="dc-auth__version">{APP_VERSION}</span>
      </aside>
      <main className="dc-auth__main">
        <div className="dc-auth__topbar">
          <span className="dc-auth__mobile-logo">
            <Logo />
          </span>
          <SettingsPopover />
        </div>
        <div className="dc-auth__panel">
          <header className="dc-auth__header">
            <h1>{title}</h1>
            {subtitle && <p>{subtitle}</p>}
          </header>
          {children}
        </div>
      </main>
    </div>
  );
}
