import { Layout, Menu, Tag, Tooltip } from 'antd';
import type { MenuProps } from 'antd';
import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { User } from '@docent/contracts';
import { Logo } from './Logo.tsx';
import { activeNavKey, APP_NAV, USER_NAV, type NavEntry } from './navigation.tsx';
import { APP_VERSION } from './version.ts';
import { SIDEBAR_COLLAPSED_MOBILE, SIDEBAR_COLLAPSED_TABLET, SIDEBAR_WIDTH } from '../theme/tokens.ts';
import type { Viewport } from './useViewport.ts';

interface SidebarProps {
  user: User;
  collapsed: boolean;
  viewport: Viewport;
  onNavigate: () => void;
}

/** The sidebar: app and user sections, and a footer with the plan and the version. */
export function Sidebar({ user, collapsed, viewport, onNavigate }: SidebarProps) {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const toItem = (e: NavEntry) => ({ key: e.key, icon: e.icon, label: t(e.labelKey), 'data-path': e.path });
  const items: MenuProps['items'] = [
    { type: 'group', key: 'app', label: t('shell.nav.app'), children: APP_NAV.map(toItem) },
    { type: 'group', key: 'user', label: t('shell.nav.user'), children: USER_NAV.map(toItem) },
  ];
  const byKey = new Map([...APP_NAV, ...USER_NAV].map((e) => [e.key, e.path]));
  const selected = activeNavKey(location.pathname);
  // A user without a paid plan is on Free (docs/decisions.md "Without a paid plan the footer says Free").
  const planLabel = t('shell.footer.plan', { plan: t(`shell.planNames.${user.planType ?? 'FREE'}`) });

  return (
    <Layout.Sider
      className={`dc-sider dc-sider--${viewport}`}
      width={SIDEBAR_WIDTH}
      collapsedWidth={viewport === 'mobile' ? SIDEBAR_COLLAPSED_MOBILE : SIDEBAR_COLLAPSED_TABLET}
      collapsed={collapsed}
      trigger={null}
      collapsible
      aria-label={t('shell.nav.label')}
      data-testid="sidebar"
    >
      <div className="dc-sider__inner">
        <Link to="/" className="dc-sider__brand" onClick={onNavigate} aria-label={t('shell.nav.home')}>
          <Logo compact={collapsed} />
        </Link>
        <Menu
          mode="inline"
          className="dc-sider__menu"
          selectedKeys={selected ? [selected] : []}
          items={items}
          inlineCollapsed={collapsed && viewport !== 'mobile'}
          onClick={({ key }) => {
            const path = byKey.get(key);
            if (path) void navigate(path);
            onNavigate();
          }}
        />
        <div className="dc-sider__footer" data-testid="sidebar-footer">
          {collapsed ? (
            <Tooltip title={`${planLabel} · ${APP_VERSION}`} placement="right">
              <span className="dc-sider__version">{APP_VERSION}</span>
            </Tooltip>
          ) : (
            <>
              <Tag className="dc-sider__plan">{planLabel}</Tag>
              <span className="dc-sider__version">{APP_VERSION}</span>
            </>
          )}
        </div>
      </div>
    </Layout.Sider>
  );
}
