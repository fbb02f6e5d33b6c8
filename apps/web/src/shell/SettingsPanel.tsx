import { Segmented, Switch, TimePicker } from 'antd';
import dayjs from 'dayjs';
import { MoonOutlined, SunOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { chooseCurrency } from '../billing/useCurrency.ts';
import i18n from '../i18n/index.ts';
import { clockPattern, formatClock } from '../i18n/format.ts';
import { isValidTime, type NightTime } from '../theme/nightMode.ts';
import { pickTheme, setLanguage, setNightMode, setNightTime, usePreferences, type Language } from '../theme/preferences.ts';
import { useEffectiveTheme } from '../theme/ThemeProvider.tsx';

/**
 * One edge of the night-mode window. The browser's `<input type="time">` follows the browser's
 * locale, not the page's: German showed "08:00 PM". The picker here writes
 * the time as the interface language does ("20:00" in German, "8:00 PM" in English).
 */
function NightTimeField({ label, edge }: { label: string; edge: keyof NightTime }) {
  const { i18n: i18nInstance } = useTranslation();
  const prefs = usePreferences();
  const value = prefs.nightTime[edge];
  const format = clockPattern(i18nInstance.language);
  return (
    <label>
      <span>{label}</span>
      <TimePicker
        size="small"
        format={format}
        use12Hours={format.endsWith('A')}
        allowClear={false}
        needConfirm={false}
        value={dayjs(`2000-01-01T${value}`)}
        aria-label={label}
        data-testid={`night-${edge}`}
        onChange={(v) => {
          const next = v?.format('HH:mm');
          if (next && isValidTime(next)) setNightTime({ ...prefs.nightTime, [edge]: next });
        }}
      />
    </label>
  );
}

/** Theme, night mode, currency and language (docs/spec-conformance.md §2 settings popover). */
export function SettingsPanel() {
  const { t } = useTranslation();
  const prefs = usePreferences();
  const shown = useEffectiveTheme();
  const changeLanguage = (language: Language) => {
    setLanguage(language);
    void i18n.changeLanguage(language);
  };
  return (
    <div className="dc-settings" data-testid="settings-panel">
      <section>
        <h4>{t('shell.settings.theme')}</h4>
        <Segmented<'light' | 'dark'>
          block
          value={prefs.nightMode ? shown : prefs.theme}
          onChange={(v) => pickTheme(v)}
          options={[
            // Segmented fires no change for the option already selected; under night mode the
            // highlighted theme must still be pickable to turn night mode off (docs/spec-conformance.md §4).
            {
              value: 'light',
              label: <span onClick={() => prefs.nightMode && pickTheme('light')}>{t('shell.settings.light')}</span>,
              icon: <SunOutlined />,
            },
            {
              value: 'dark',
              label: <span onClick={() => prefs.nightMode && pickTheme('dark')}>{t('shell.settings.dark')}</span>,
              icon: <MoonOutlined />,
            },
          ]}
        />
      </section>
      <section>
        <div className="dc-settings__row">
          <div>
            <h4>{t('shell.settings.nightMode')}</h4>
            <p>
              {t('shell.settings.nightModeHelp', {
                start: formatClock(prefs.nightTime.start, i18n.language),
                end: formatClock(prefs.nightTime.end, i18n.language),
              })}
            </p>
          </div>
          <Switch checked={prefs.nightMode} onChange={setNightMode} aria-label={t('shell.settings.nightMode')} />
        </div>
        {prefs.nightMode && (
          <div className="dc-settings__times">
            <NightTimeField label={t('shell.settings.from')} edge="start" />
            <NightTimeField label={t('shell.settings.to')} edge="end" />
          </div>
        )}
      </section>
      <section>
        <h4>{t('shell.settings.currency')}</h4>
        <Segmented
          block
          value={prefs.currency}
          onChange={(v) => chooseCurrency(v === 'INR' ? 'INR' : 'USD')}
          options={[
            { value: 'USD', label: t('shell.settings.usd') },
            { value: 'INR', label: t('shell.settings.inr') },
          ]}
        />
      </section>
      <section>
        <h4>{t('shell.settings.language')}</h4>
        <Segmented<Language>
          block
          value={prefs.language}
          onChange={changeLanguage}
          options={[
            { value: 'en', label: 'English' },
            { value: 'de', label: 'Deutsch' },
          ]}
        />
      </section>
    </div>
  );
}
