import type { ReactNode } from 'react';
import { Input, Select } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Vendor } from '@docent/contracts';
import type { RepoFilter } from './grouping.ts';
import { VendorIcon } from './VendorIcon.tsx';

const FILTER_VENDORS: Vendor[] = ['GITHUB', 'GITLAB', 'BITBUCKET', 'AZUREDEVOPS', 'GIT'];

/** The search box and the vendor filter dropdown of the dashboard and the organisation page. */
export function RepoToolbar({
  filter,
  onChange,
  children,
}: {
  filter: RepoFilter;
  onChange: (f: RepoFilter) => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="dc-toolbar">
      <Input
        allowClear
        prefix={<SearchOutlined />}
        placeholder={t('repositories.search')}
        aria-label={t('repositories.search')}
        value={filter.search}
        onChange={(e) => onChange({ ...filter, search: e.target.value })}
        className="dc-toolbar__search"
        data-testid="repo-search"
      />
      <Select
        value={filter.vendor}
        onChange={(vendor) => onChange({ ...filter, vendor })}
        aria-label={t('repositories.vendorFilter')}
        className="dc-toolbar__vendor"
        data-testid="vendor-filter"
        popupMatchSelectWidth={false}
        options={[
          { value: 'ALL', label: t('repositories.allVendors') },
          ...FILTER_VENDORS.map((v) => ({
            value: v,
            label: (
              <span className="dc-vendor-option">
                <VendorIcon vendor={v} /> {t(`vendors.${v}`)}
              </span>
            ),
          })),
        ]}
      />
      {children && <div className="dc-toolbar__actions">{children}</div>}
    </div>
  );
}
