import { Breadcrumb } from 'antd';
import { HomeOutlined } from '@ant-design/icons';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { crumbsFor } from './navigation.tsx';

/** Breadcrumb trail of the current page; its root links to / (docs/spec-conformance.md §2). */
export function Breadcrumbs() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
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
      const label = c.labelKey ? t(c.labelKey) : c.text;
      return { key: c.path, title: i === crumbs.length - 1 ? <span>{label}</span> : <Link to={c.path}>{label}</Link> };
    }),
  ];
  return <Breadcrumb items={items} className="dc-breadcrumb" />;
}
