import { useState, type ReactNode } from 'react';
// the input alone: antd's `Input` export also carries TextArea, Password, Search and OTP
import Input from 'antd/es/input/Input';
import { DownOutlined, SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Vendor } from '@docent/contracts';
import type { RepoFilter } from './grouping.ts';
import { VendorIcon } from './VendorIcon.tsx';

const FILTER_VENDORS: Vendor[] = ['GITHUB', 'GITLAB', 'BITBUCKET', 'AZUREDEVOPS', 'GIT'];

/**
 * antd's Select (with its virtual list, about 30 kB gzipped) loads when the pointer or focus
 * reaches the vendor filter, not with the dashboard (docs/performance.md, "First load"); until
 * then a look-alike stands in, and a click on it opens the Select as soon as it is there.
 */
const loadSelect = () => import('antd/es/select');
let selectModule: Awaited<ReturnType<typeof loadSelect>> | null = null;

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
  const options = [
    { value: 'ALL' as const, label: t('repositories.allVendors') },
    ...FILTER_VENDORS.map((v) => ({
      value: v,
      label: (
        <span className="dc-vendor-option">
          <VendorIcon vendor={v} /> {t(`vendors.${v}`)}
        </span>
      ),
    })),
  ];
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
      <VendorFilter
        value={filter.vendor}
        onChange={(vendor) => onChange({ ...filter, vendor })}
        label={t('repositories.vendorFilter')}
        options={options}
      />
      {children && <div className="dc-toolbar__actions">{children}</div>}
    </div>
  );
}

function VendorFilter({
  value,
  onChange,
  label,
  options,
}: {
  value: RepoFilter['vendor'];
  onChange: (v: RepoFilter['vendor']) => void;
  label: string;
  options: { value: RepoFilter['vendor']; label: ReactNode }[];
}) {
  const [select, setSelect] = useState(selectModule);
  // what the user did to the look-alike, carried over to the Select when it arrives
  const [opened, setOpened] = useState(false);
  const [focused, setFocused] = useState(false);
  const load = () => {
    if (select) return;
    void loadSelect().then((m) => {
      selectModule = m;
      setSelect(m);
    });
  };
  if (select) {
    const Select = select.default;
    return (
      <Select
        value={value}
        onChange={onChange}
        aria-label={label}
        className="dc-toolbar__vendor"
        data-testid="vendor-filter"
        popupMatchSelectWidth={false}
        defaultOpen={opened}
        autoFocus={opened || focused}
        options={options}
      />
    );
  }
  const open = () => {
    setOpened(true);
    load();
  };
  return (
    <button
      type="button"
      role="combobox"
      aria-label={label}
      aria-expanded={false}
      aria-haspopup="listbox"
      className="dc-toolbar__vendor dc-select-lookalike"
      data-testid="vendor-filter"
      onPointerEnter={load}
      onFocus={() => {
        setFocused(true);
        load();
      }}
      onBlur={() => setFocused(false)}
      onClick={open}
      onKeyDown={(e) => {
        if (e.key === 'ArrowDown') {
          e.preventDefault();
          open();
        }
      }}
    >
      <span className="dc-select-lookalike__value">{options.find((o) => o.value === value)?.label}</span>
      <DownOutlined className="dc-select-lookalike__arrow" aria-hidden="true" />
    </button>
  );
}
