import { useEffect, useMemo, useState, type ReactNode } from 'react';
import type { Locale } from 'antd/es/locale';
import { ConfigProvider, theme as antTheme } from 'antd';
// the ES modules antd itself uses (antd/locale/* are CommonJS copies of the same texts)
import enUS from 'antd/es/locale/en_US';
import { effectiveTheme, msUntilNextMinute, type ThemeName } from './nightMode.ts';
import { usePreferences } from './preferences.ts';
import { themeConfig } from './tokens.ts';
import { FeedbackProvider } from './feedback.tsx';

/** The theme on screen now; with night mode on it is re-checked at every minute boundary. */
export function useEffectiveTheme(): ThemeName {
  const prefs = usePreferences();
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    if (!prefs.nightMode) return;
    let timer: ReturnType<typeof setTimeout>;
    const tick = () => {
      setNow(new Date());
      timer = setTimeout(tick, msUntilNextMinute(new Date()));
    };
    timer = setTimeout(tick, msUntilNextMinute(new Date()));
    return () => clearTimeout(timer);
  }, [prefs.nightMode]);
  return effectiveTheme(prefs.theme, prefs.nightMode, prefs.nightTime, now);
}

/** Copies the tokens our own CSS needs into CSS variables, so plain CSS follows the theme. */
function CssVariables({ name }: { name: ThemeName }) {
  const { token } = antTheme.useToken();
  useEffect(() => {
    const root = document.documentElement;
    root.dataset.theme = name;
    root.style.colorScheme = name;
    const vars: Record<string, string> = {
      '--dc-bg-layout': token.colorBgLayout,
      '--dc-bg-container': token.colorBgContainer,
      '--dc-bg-elevated': token.colorBgElevated,
      '--dc-border': token.colorBorderSecondary,
      '--dc-text': token.colorText,
      '--dc-text-secondary': token.colorTextSecondary,
      '--dc-text-tertiary': token.colorTextTertiary,
      '--dc-primary': token.colorPrimary,
      '--dc-primary-bg': token.colorPrimaryBg,
      '--dc-fill': token.colorFillTertiary,
      '--dc-split': token.colorSplit,
      '--dc-radius': `${token.borderRadiusLG}px`,
      // the vendor filter's look-alike of antd's Select (repositories/RepoToolbar.tsx)
      '--dc-control-border': token.colorBorder,
      '--dc-control-border-hover': token.colorPrimaryHover,
      '--dc-control-radius': `${token.borderRadius}px`,
      '--dc-control-height': `${token.controlHeight}px`,
      '--dc-text-quaternary': token.colorTextQuaternary,
    };
    for (const [k, v] of Object.entries(vars)) root.style.setProperty(k, v);
  }, [name, token]);
  return null;
}

/**
 * antd's German texts are a chunk of their own, loaded when German is chosen (as the interface
 * texts are, i18n/index.ts); English is built in. Pages wait for the German interface texts
 * anyway, which arrive about when these do.
 */
let germanLocale: Locale | null = null;
function useAntdLocale(language: string): Locale {
  const [, setLoaded] = useState(germanLocale);
  useEffect(() => {
    if (language !== 'de' || germanLocale) return;
    void import('antd/es/locale/de_DE').then((m) => {
      germanLocale = m.default;
      setLoaded(m.default);
    });
  }, [language]);
  return language === 'de' && germanLocale ? germanLocale : enUS;
}

export function ThemeProvider({ children }: { children: ReactNode }) {
  const name = useEffectiveTheme();
  const { language } = usePreferences();
  const config = useMemo(() => themeConfig(name), [name]);
  const locale = useAntdLocale(language);
  return (
    <ConfigProvider theme={config} locale={locale}>
      <CssVariables name={name} />
      <FeedbackProvider>{children}</FeedbackProvider>
    </ConfigProvider>
  );
}
