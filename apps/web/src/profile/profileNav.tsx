import type { ReactNode } from 'react';
import { CrownOutlined, IdcardOutlined, SafetyOutlined, SwapOutlined, WalletOutlined } from '@ant-design/icons';

export interface ProfileNavEntry {
  path: string;
  labelKey: string;
  icon: ReactNode;
}

/** The profile side panel's navigation, under /profile. */
export const PROFILE_NAV: ProfileNavEntry[] = [
  { path: 'personal-info', labelKey: 'profile.nav.personalInfo', icon: <IdcardOutlined /> },
  { path: 'security-settings', labelKey: 'profile.nav.security', icon: <SafetyOutlined /> },
  { path: 'upgrade-plan', labelKey: 'profile.nav.upgrade', icon: <CrownOutlined /> },
  { path: 'payments', labelKey: 'profile.nav.payments', icon: <WalletOutlined /> },
  { path: 'transactions', labelKey: 'profile.nav.transactions', icon: <SwapOutlined /> },
];
