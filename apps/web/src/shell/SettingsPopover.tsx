import { Button, Input, Popover, Segmented, Switch } from 'antd';
import { MoonOutlined, SettingOutlined, SunOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import i18n from '../i18n/index.ts';
import { isValidTime } from '../theme/nightMode.ts';
import {
  pickTheme,
  setCurrency,
  setLanguage,
  setNightMode,
  setNightTime,
  usePreferences,
  type Language,
} from '../theme/preferences.ts';
import { useEffectiveTheme } from '../theme/ThemeProvider.tsx';

/** Theme, night mode, currency and language (spec §2 settings popover). */
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
            // highlighted theme must still be pickable to turn night mode off (spec §4).
            { value: 'light', label: <span onClick={() => prefs.nightMode && pickTheme('light')}>{t('shell.settings.light')}</span>, icon: <SunOutlined /> },
            { value: 'dark', label: <span onClick={() => prefs.nightMode && pickTheme('dark')}>{t('shell.settings.dark')}</span>, icon: <MoonOutlined /> },
          ]}
        />
      </section>
      <section>
        <div className="dc-settings__row">
          <div>
            <h4>{t('shell.settings.nightMode')}</h4>
            <p>{t('shell.settings.nightModeHelp', { start: prefs.nightTime.start, end: prefs.nightTime.end })}</p>
          </div>
          <Switch checked={prefs.nightMode} onChange={setNightMode} aria-label={t('shell.settings.nightMode')} />
        </div>
        {prefs.nightMode && (
          <div className="dc-settings__times">
            <label>
              <span>{t('shell.settings.from')}</span>
              <Input
                type="time"
                size="small"
                value={prefs.nightTime.start}
                onChange={(e) => isValidTime(e.target.value) && setNightTime({ ...prefs.nightTime, start: e.target.value })}
              />
            </label>
            <label>
              <span>{t('shell.settings.to')}</span>
              <Input
                type="time"
                size="small"
                value={prefs.nightTime.end}
                onChange={(e) => isValidTime(e.target.value) && setNightTime({ ...prefs.nightTime, end: e.target.value })}
              />
            </label>
          </div>
        )}
      </section>
      <section>
        <h4>{t('shell.settings.currency')}</h4>
        <Segmented
          block
          value={prefs.currency}
          onChange={(v) => setCurrency(v === 'INR' ? 'INR' : 'USD')}
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

export function SettingsPopover() {
  const { t } = useTranslation();
  return (
    <Popover content={<SettingsPanel />} title={t('shell.settings.title')} trigger="click" placement="bottomRight">
      <Button type="text" shape="circle" icon={<SettingOutlined />} aria-label={t('shell.settings.title')} title={t('shell.settings.title')} />
    </Popover>
  );
}
