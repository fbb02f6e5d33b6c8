import { lazy, Suspense, useEffect, useState } from 'react';
import { Button, Layout } from 'antd';
import { MenuFoldOutlined, MenuOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Breadcrumbs } from './Breadcrumbs.tsx';
import { ProfilePopover } from './ProfilePopover.tsx';
import { SettingsPopover } from './SettingsPopover.tsx';
import { Sidebar } from './Sidebar.tsx';
import { useViewport } from './useViewport.ts';
import { VerifyEmailBanner } from './VerifyEmailBanner.tsx';
import { CreditsBanner } from '../onboarding/CreditsBanner.tsx';
import { shouldShowTour } from '../onboarding/onboarding.ts';
import '../onboarding/onboarding.css';
import { useCurrentUser } from '../auth/useCurrentUser.ts';
import { Logo } from './Logo.tsx';
import { useOnceTrue } from './useOnceTrue.ts';
import { withPageTexts } from '../i18n/index.ts';
import { SIDEBAR_COLLAPSED_TABLET, SIDEBAR_WIDTH } from '../theme/tokens.ts';
import './shell.css';

// The welcome tour (antd's Tour, the feature carousel) is its own chunk, loaded only for a user who
// has not finished it (docs/performance.md, "First load").
// It reads the page texts' `tour` section.
const WelcomeTour = lazy(async () => ({ default: (await withPageTexts(() => import('../onboarding/WelcomeTour.tsx'))()).WelcomeTour }));

/**
 * The signed-in shell. Desktop: sidebar 260 wide, collapsible to 80. Tablet: 80 wide,
 * expands over the content. Mobile: hidden (0), opens as an overlay from the menu toggle.
 */
export default function AppLayout() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const viewport = useViewport();
  const location = useLocation();
  const [collapsed, setCollapsed] = useState(viewport !== 'desktop');
  const tourDue = useOnceTrue(!!user && shouldShowTour(user));

  // A new viewport class starts from its own default.
  useEffect(() => setCollapsed(viewport !== 'desktop'), [viewport]);
  // Leaving a page closes the overlay on small screens.
  useEffect(() => {
    if (viewport !== 'desktop') setCollapsed(true);
  }, [location.pathname, viewport]);

  if (!user) return null; // RequireAuth guarantees a user; this only narrows the type.

  const overlay = viewport !== 'desktop' && !collapsed;
  const contentOffset =
    viewport === 'mobile' ? 0 : viewport === 'tablet' ? SIDEBAR_COLLAPSED_TABLET : collapsed ? SIDEBAR_COLLAPSED_TABLET : SIDEBAR_WIDTH;
  const ToggleIcon = viewport === 'mobile' ? MenuOutlined : collapsed ? MenuUnfoldOutlined : MenuFoldOutlined;

  return (
    <Layout className={`dc-shell dc-shell--${viewport}`}>
      <Sidebar
        user={user}
        collapsed={collapsed}
        viewport={viewport}
        // A sidebar click collapses it where it covers the content (docs/spec-conformance.md §2).
        onNavigate={() => viewport !== 'desktop' && setCollapsed(true)}
      />
      {overlay && <div className="dc-shell__mask" onClick={() => setCollapsed(true)} aria-hidden="true" data-testid="sidebar-mask" />}
      <Layout className="dc-shell__main" style={{ marginInlineStart: contentOffset }}>
        <Layout.Header className="dc-header">
          <Button
            type="text"
            icon={<ToggleIcon />}
            onClick={() => setCollapsed((c) => !c)}
            aria-label={t(collapsed ? 'shell.header.expand' : 'shell.header.collapse')}
            aria-expanded={!collapsed}
            data-testid="menu-toggle"
          />
          {viewport === 'mobile' ? (
            <span className="dc-header__logo">
              <Logo />
            </span>
          ) : (
            <Breadcrumbs />
          )}
          <div className="dc-header__actions">
            <SettingsPopover />
            <ProfilePopover user={user} showName={viewport === 'desktop'} />
          </div>
        </Layout.Header>
        <VerifyEmailBanner user={user} />
        <CreditsBanner user={user} />
        <Layout.Content className="dc-content">
          {viewport === 'mobile' && (
            <div className="dc-content__crumbs">
              <Breadcrumbs />
            </div>
          )}
          <Outlet />
        </Layout.Content>
      </Layout>
      {tourDue && (
        <Suspense fallback={null}>
          <WelcomeTour user={user} />
        </Suspense>
      )}
    </Layout>
  );
}
