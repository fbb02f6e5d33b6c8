import { Fragment } from 'react';
// antd's breadcrumb styles without the component: its items can open menus, which brings
// Dropdown and Menu to every signed-in page (docs/performance.md, "First load"). The markup
// below is the one antd's Breadcrumb renders for plain items.
import useBreadcrumbStyle from 'antd/es/breadcrumb/style';
import { useComponentConfig } from 'antd/es/config-provider/context';
import { HomeOutlined } from '@ant-design/icons';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { crumbsFor } from './navigation.tsx';

/** Breadcrumb trail of the current page; its root links to / (docs/spec-conformance.md §2). */
export function Breadcrumbs() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { getPrefixCls } = useComponentConfig('breadcrumb');
  const prefixCls = getPrefixCls('breadcrumb');
  const [hashId, cssVarCls] = useBreadcrumbStyle(prefixCls);
  const crumbs = crumbsFor(pathname);
  const items = [
    {
      key: 'home',
      title: (
        <Link to="/" aria-label={t('breadcrumb.home')}>
          <HomeOutlined />
        </Link>
      ),
    },
    ...crumbs.map((c, i) => {
      const label = c.labelKey ? t(c.labelKey, c.labelParams) : c.text;
      return { key: c.path, title: i === crumbs.length - 1 ? <span>{label}</span> : <Link to={c.path}>{label}</Link> };
    }),
  ];
  return (
    <nav className={[prefixCls, 'dc-breadcrumb', hashId, cssVarCls].filter(Boolean).join(' ')}>
      <ol>
        {items.map((item, i) => (
          <Fragment key={item.key}>
            <li className={`${prefixCls}-item`}>
              <span className={`${prefixCls}-link`}>{item.title}</span>
            </li>
            {i < items.length - 1 && (
              <li className={`${prefixCls}-separator`} aria-hidden="true">
                /
              </li>
            )}
          </Fragment>
        ))}
      </ol>
    </nav>
  );
}
