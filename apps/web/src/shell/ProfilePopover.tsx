import { useState } from 'react';
import { Button, Popover } from 'antd';
import { LockOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { User } from '@docent/contracts';
import { fullName, UserAvatar } from './UserAvatar.tsx';

/** Header account menu (docs/spec-conformance.md §2): profile and logout, plus the lock screen. */
export function ProfilePopover({ user, showName }: { user: User; showName: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const go = (path: string) => {
    setOpen(false);
    void navigate(path);
  };
  const content = (
    <div className="dc-profile-pop">
      <div className="dc-profile-pop__who">
        <UserAvatar user={user} size={40} />
        <div>
          <strong>{fullName(user) || user.userName}</strong>
          <span>{user.email.name}</span>
        </div>
      </div>
      <div role="separator" className="dc-profile-pop__rule" />
      <Button type="text" block icon={<UserOutlined />} onClick={() => go('/profile')}>
        {t('shell.profileMenu.profile')}
      </Button>
      <Button type="text" block icon={<LockOutlined />} onClick={() => go('/auth/lock')}>
        {t('shell.profileMenu.lock')}
      </Button>
      <Button type="text" block danger icon={<LogoutOutlined />} onClick={() => go('/logout')} data-testid="logout">
        {t('shell.profileMenu.logout')}
      </Button>
    </div>
  );
  return (
    <Popover content={content} trigger="click" placement="bottomRight" open={open} onOpenChange={setOpen}>
      {/* Named by its content, the visible name first (WCAG 2.5.3 label in name): an aria-label
          that left out the initials or the name shown was axe's label-content-name-mismatch. */}
      <button type="button" className="dc-header__account" data-testid="account-menu">
        <span aria-hidden="true">
          <UserAvatar user={user} size={32} />
        </span>
        {showName && <span className="dc-header__name">{fullName(user) || user.userName}</span>}
        <span className="dc-visually-hidden">{t('shell.header.account')}</span>
      </button>
    </Popover>
  );
}
