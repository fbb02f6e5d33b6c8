import { useEffect, useRef, useState } from 'react';
import { Button } from 'antd';
import { GithubOutlined, GitlabOutlined, GoogleOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';
import { OAUTH_POPUP, type OAuthProvider } from '@docent/contracts';
import { authKeys, oauthApi, oauthLoginUrl } from './api.ts';
import { getSession, isSignedIn, reloadSession, useSession } from './session.ts';

export type Provider = OAuthProvider;

function BitbucketIcon() {
  return (
    <span className="anticon" aria-hidden="true">
      <svg viewBox="0 0 24 24" width="1em" height="1em" fill="currentColor">
        <path d="M2.65 3a.65.65 0 0 0-.65.75l2.75 16.7c.07.42.43.73.86.73h13.06c.32 0 .59-.23.64-.54L22 3.75A.65.65 0 0 0 21.35 3zm11.5 12.05H9.9l-1.14-6.02h6.43z" />
      </svg>
    </span>
  );
}

function AzureIcon() {
  return (
    <span className="anticon" aria-hidden="true">
      <svg viewBox="0 0 24 24" width="1em" height="1em" fill="currentColor">
        <path d="M22 5.6v12.3l-5 4.1-7.8-2.8v2.8L4.8 16.2l12.8 1V6.2zm-4.3.6L10.5 2v2.9L3.9 6.8 2 9.3v5.5l2.8 1.3V9z" />
      </svg>
    </span>
  );
}

const ICONS: Record<Provider, ReactNode> = {
  github: <GithubOutlined />,
  gitlab: <GitlabOutlined />,
  bitbucket: <BitbucketIcon />,
  azure: <AzureIcon />,
  google: <GoogleOutlined />,
};

/** Those of `wanted` that the server says are configured, in `wanted`'s order (none while loading). */
export function useConfiguredProviders(wanted: Provider[]): Provider[] {
  const { data } = useQuery({ queryKey: authKeys.providers, queryFn: oauthApi.providers, staleTime: 5 * 60_000, retry: false });
  const on = new Set((data?.providers ?? []).map((p) => p.id));
  return wanted.filter((p) => on.has(p));
}

/** Opens the 600×600 sign-in popup centred over this window (docs/spec-conformance.md §2). */
export function openSignInPopup(provider: Provider, search = ''): Window | null {
  const { width, height } = OAUTH_POPUP;
  const left = Math.max(0, Math.round(window.screenX + (window.outerWidth - width) / 2));
  const top = Math.max(0, Math.round(window.screenY + (window.outerHeight - height) / 2));
  return window.open(
    oauthLoginUrl(provider, search),
    `docent-oauth-${provider}`,
    `popup=yes,width=${width},height=${height},left=${left},top=${top}`,
  );
}

/**
 * Social sign-in buttons, one per configured provider. A click opens the provider in a popup;
 * the callback page there stores the session and closes itself, and this window, checking the
 * popup every 500 ms, then calls `onSignedIn` with the token. When popups are blocked, the whole
 * page goes to the provider instead.
 */
export function ProviderButtons({ providers, onSignedIn }: { providers: Provider[]; onSignedIn: (token: string) => void }) {
  const { t } = useTranslation();
  const shown = useConfiguredProviders(providers);
  const [pending, setPending] = useState<Provider | null>(null);
  const timer = useRef<number | null>(null);
  const session = useSession();
  const location = useLocation();

  const stop = () => {
    if (timer.current !== null) window.clearInterval(timer.current);
    timer.current = null;
    setPending(null);
  };

  useEffect(
    () => () => {
      if (timer.current !== null) window.clearInterval(timer.current);
    },
    [],
  );

  // A provider page may cut the popup off from this window (its Cross-Origin-Opener-Policy):
  // then the popup cannot be seen closing, but the session it stores still arrives here.
  useEffect(() => {
    if (pending && isSignedIn(session) && session.token) {
      stop();
      onSignedIn(session.token);
    }
  }, [pending, session, onSignedIn]);

  if (shown.length === 0) return null;

  const start = (p: Provider) => {
    const popup = openSignInPopup(p, location.search);
    if (!popup) {
      window.location.assign(oauthLoginUrl(p, location.search));
      return;
    }
    setPending(p);
    if (timer.current !== null) window.clearInterval(timer.current);
    timer.current = window.setInterval(() => {
      if (!popup.closed) return;
      stop();
      // The popup wrote the session to localStorage (same origin) before closing.
      reloadSession();
      const session = getSession();
      if (isSignedIn(session) && session.token) onSignedIn(session.token);
    }, OAUTH_POPUP.checkEveryMs);
  };

  return (
    <div className={`dc-auth__providers dc-auth__providers--${shown.length}`}>
      {shown.map((p) => {
        const name = t(`auth.providers.${p}`);
        return (
          <span key={p} data-testid={`provider-${p}`}>
            <Button
              icon={ICONS[p]}
              size="large"
              aria-label={t('auth.providers.continueWith', { provider: name })}
              loading={pending === p}
              onClick={() => start(p)}
            >
              <span className="dc-provider-label">{name}</span>
            </Button>
          </span>
        );
      })}
    </div>
  );
}
