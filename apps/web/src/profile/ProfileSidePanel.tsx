import { Menu, Progress } from 'antd';
import { RightOutlined } from '@ant-design/icons';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { profileProgress, type User } from '@docent/contracts';
import { fullName, UserAvatar } from '../shell/UserAvatar.tsx';
import { PROFILE_NAV } from './profileNav.tsx';

/** Avatar, full name, user name, completeness and the profile navigation (docs/spec-conformance.md §2). */
export function ProfileSidePanel({ user }: { user: User }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  // Only what the user can fill counts, and what is missing is named.
  const { percent: completeness, missing } = profileProgress(user);
  const missingText = new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(missing.map((f) => t(`profile.fields.${f}`)));
  const selected = PROFILE_NAV.find((e) => pathname.endsWith(`/${e.path}`))?.path;
  return (
    <aside className="dc-panel dc-profile-side" data-testid="profile-side-panel">
      <div className="dc-profile-side__who">
        <UserAvatar user={user} size={80} />
        <h2>{fullName(user) || user.userName}</h2>
        <span className="dc-profile-side__username">@{user.userName}</span>
      </div>
      <div className="dc-profile-side__completeness">
        <div>
          <span>{t('profile.completeness')}</span>
          <strong data-testid="profile-completeness">{completeness}%</strong>
        </div>
        <Progress
          percent={completeness}
          showInfo={false}
          size="small"
          aria-label={t('profile.completenessLabel', { percent: completeness })}
        />
        <p className="dc-profile-side__missing" data-testid="profile-missing">
          {missing.length > 0 ? t('profile.missing', { fields: missingText }) : t('profile.nothingMissing')}
        </p>
      </div>
      <Menu
        mode="inline"
        className="dc-profile-side__nav"
        selectedKeys={selected ? [selected] : []}
        onClick={({ key }) => void navigate(`/profile/${key}`)}
        items={PROFILE_NAV.map((e) => ({
          key: e.path,
          icon: e.icon,
          label: (
            <span className="dc-profile-side__item">
              {t(e.labelKey)}
              <RightOutlined />
            </span>
          ),
        }))}
      />
    </aside>
  );
}
