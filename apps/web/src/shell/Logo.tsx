import { useTranslation } from 'react-i18next';
import './logo.css';

/** The Docent mark and, unless `compact`, the word mark. */
export function Logo({ compact = false, inverted = false }: { compact?: boolean; inverted?: boolean }) {
  const { t } = useTranslation();
  return (
    <span className={`dc-logo${inverted ? ' dc-logo--inverted' : ''}`}>
      <svg className="dc-logo__mark" viewBox="0 0 64 64" aria-hidden="true" focusable="false">
        <rect width="64" height="64" rx="14" fill={inverted ? '#ffffff' : 'var(--dc-primary, #4f46e5)'} />
        <path
          d="M20 16h13c10 0 17 7 17 16s-7 16-17 16H20z"
          fill="none"
          stroke={inverted ? '#4f46e5' : '#ffffff'}
          strokeWidth="6"
          strokeLinejoin="round"
        />
        <path d="M28 26h8M28 32h10M28 38h7" stroke={inverted ? '#818cf8' : '#c7d2fe'} strokeWidth="3.5" strokeLinecap="round" />
      </svg>
      {!compact && <span className="dc-logo__text">{t('app.name')}</span>}
    </span>
  );
}
