import { useEffect, useState } from 'react';
import { Button, Form, Input } from 'antd';
import { ArrowRightOutlined, LockOutlined } from '@ant-design/icons';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../api/client.ts';
import { localeOf } from '../i18n/format.ts';
import { useToast } from '../shell/toast.tsx';
import { authApi } from './api.ts';
import { requiredRule } from './formRules.ts';
import { getToken, lockSession, setSession, useSession } from './session.ts';
import { useFormErrorNotice } from './useFormErrorNotice.ts';
import { fullName, UserAvatar } from '../shell/UserAvatar.tsx';
import { SettingsPopover } from '../shell/SettingsPopover.tsx';
import { HOME_PATH, type FromState } from './useCompleteLogin.ts';
import './auth.css';
import './lock.css';

/** docs/spec-conformance.md §9: the lock-screen clock updates every 10 s. */
export const LOCK_CLOCK_INTERVAL_MS = 10_000;

function useClock(intervalMs: number): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const id = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(id);
  }, [intervalMs]);
  return now;
}

/**
 * Locks: the token is dropped at once (every tab follows through the storage event) and its
 * session is ended on the server, so a copy of the token left behind opens nothing either.
 */
function lockNow(): void {
  const token = getToken();
  lockSession();
  if (token) {
    void apiRequest('/v1/auth/logout', { method: 'POST', headers: { Authorization: `Bearer ${token}` } }).catch(() => undefined);
  }
}

/**
 * Where unlocking goes: the page the lock screen was sent from (a protected page opened while
 * locked), else one page back in this app's history, else the repositories (docs/spec-conformance.md §2).
 */
export function unlockTarget(from: string | undefined, historyIndex: number | undefined): string | -1 {
  if (from && from.startsWith('/') && !from.startsWith('//') && !from.startsWith('/auth/')) return from;
  if (typeof historyIndex === 'number' && historyIndex > 0) return -1;
  return HOME_PATH;
}

export default function LockPage() {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const { user } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const now = useClock(LOCK_CLOCK_INTERVAL_MS);
  const signedInUser = Boolean(user);
  // Opening the lock screen locks (the account menu's "Lock screen" leads here).
  useEffect(() => {
    if (signedInUser) lockNow();
  }, [signedInUser]);
  const onFinishFailed = useFormErrorNotice();

  const unlock = useMutation({
    mutationFn: (password: string) => {
      const email = user?.email.name;
      if (!email) throw new Error(t('auth.errors.emailNotFound'));
      return authApi.login(email, password);
    },
    onSuccess: (auth) => {
      setSession(auth.token, auth.user);
      // React Router numbers this app's history entries: idx 0 means nothing to go back to.
      const idx = (window.history.state as { idx?: number } | null)?.idx;
      const target = unlockTarget((location.state as FromState | null)?.from, idx);
      if (target === -1) void navigate(-1);
      else void navigate(target, { replace: true });
    },
    onError: (err) => toast.error(t('auth.login.failed'), err.message),
  });

  if (!user) return <Navigate to="/auth/login" replace />;

  const locale = localeOf(i18n.language);
  return (
    <div className="dc-lock">
      <div className="dc-lock__settings">
        <SettingsPopover />
      </div>
      <div className="dc-lock__clock">
        <time className="dc-lock__time" dateTime={now.toISOString()} data-testid="lock-time">
          {now.toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit' })}
        </time>
        <div className="dc-lock__date">
          {now.toLocaleDateString(locale, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' })}
        </div>
      </div>
      <div className="dc-lock__card">
        <UserAvatar user={user} size={72} />
        <h1>{fullName(user) || user.userName}</h1>
        <p>{t('auth.lock.subtitle')}</p>
        <Form<{ password: string }>
          layout="vertical"
          size="large"
          requiredMark={false}
          onFinish={(v) => unlock.mutate(v.password)}
          onFinishFailed={onFinishFailed}
          style={{ width: '100%' }}
        >
          <Form.Item name="password" rules={[requiredRule(t)]} label={t('auth.common.password')}>
            <Input.Password prefix={<LockOutlined />} autoComplete="current-password" autoFocus />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={unlock.isPending} icon={<ArrowRightOutlined />} iconPlacement="end">
            {t('auth.lock.unlock')}
          </Button>
        </Form>
        <Link to="/logout" className="dc-lock__switch">
          {t('auth.lock.notYou')}
        </Link>
      </div>
    </div>
  );
}
