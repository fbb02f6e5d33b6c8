import type { z } from 'zod';
import type {
  AuthResponse,
  ChangePasswordRequest,
  EmailUpdateVerifyResponse,
  ForgotPasswordRequest,
  OAuthProvider,
  OAuthProvidersResponse,
  MessageResponse,
  RapidLoginResponse,
  SetNewPasswordRequest,
  SignupRequest,
  SuccessResponse,
  UpdateProfileRequest,
  User,
  VerifySecurityCodeRequest,
} from '@docent/contracts';
import { apiRequest } from '../api/client.ts';

/** The account calls of docs/spec-conformance.md §7, one function each. Types come from @docent/contracts. */
export const authApi = {
  login: (email: string, password: string) => apiRequest<AuthResponse>('/login', { method: 'POST', form: { username: email, password } }),
  signup: (body: SignupRequest) => apiRequest<AuthResponse>('/signup', { method: 'POST', json: body }),
  refreshToken: () => apiRequest<AuthResponse>('/refreshToken'),
  /** A token of a new session for a local tool, after the user's consent (`docent login`). */
  localToolToken: () => apiRequest<AuthResponse>('/v1/auth/local-tool-token', { method: 'POST' }),
  rapidLogin: (token: string) => apiRequest<RapidLoginResponse>('/v1/auth/rapid-login', { method: 'POST', json: { token } }),
  currentUser: () => apiRequest<User>('/v1/user'),
  updateProfile: (body: UpdateProfileRequest) => apiRequest<User>('/v1/users', { method: 'PUT', json: body }),
  generateActivationLink: () => apiRequest<SuccessResponse>('/generateActivationLink'),
  forgotPassword: (body: z.input<typeof ForgotPasswordRequest>) =>
    apiRequest<SuccessResponse>('/forgotPassword', { method: 'POST', json: body }),
  verifySecurityCode: (body: z.input<typeof VerifySecurityCodeRequest>) =>
    apiRequest<SuccessResponse>('/verifySecurityCode', { method: 'POST', json: body }),
  setNewPassword: (body: z.input<typeof SetNewPasswordRequest>) =>
    apiRequest<SuccessResponse>('/setNewPassword', { method: 'POST', json: body }),
  // The server also answers a fresh token, since the change ends older sessions.
  changePassword: (body: z.input<typeof ChangePasswordRequest>) =>
    apiRequest<SuccessResponse & { token?: string }>('/setNewPasswordFromOldPassword', { method: 'POST', json: body }),
  /** Ends this session on the server (the token stops working everywhere it was copied). */
  logout: () => apiRequest<SuccessResponse>('/v1/auth/logout', { method: 'POST' }),
  logoutEverywhere: () => apiRequest<SuccessResponse>('/v1/auth/logout-everywhere', { method: 'POST' }),
  requestEmailUpdate: (email: string) => apiRequest<MessageResponse>('/v1/user/email/update/request', { method: 'POST', json: { email } }),
  verifyEmailUpdate: (email: string, code: string) =>
    apiRequest<z.infer<typeof EmailUpdateVerifyResponse>>('/v1/user/email/update/verify', {
      method: 'POST',
      json: { email, code },
    }),
};

/** TanStack Query keys of this feature. */
export const authKeys = {
  me: ['user', 'me'] as const,
  providers: ['auth', 'providers'] as const,
};

/** Where a provider's code and state are exchanged for a session (docs/spec-conformance.md §7 names the first two). */
export const OAUTH_CALLBACK_PATHS: Record<OAuthProvider, string> = {
  github: '/github/callback',
  google: '/google/login',
  gitlab: '/gitlab/callback',
  bitbucket: '/bitbucket/callback',
  azure: '/azure/callback',
};

/**
 * docs/spec-conformance.md §7 "Login redirects": GitHub and Google sign in through
 * `/oauth/{provider}/login`, GitLab, Bitbucket and Azure DevOps through their install paths
 * (the server answers a browser navigation there with the sign-in redirect).
 */
export const LOGIN_REDIRECT_PATHS: Record<OAuthProvider, string> = {
  github: '/oauth/github/login',
  google: '/oauth/google/login',
  gitlab: '/v1/gitlab/install',
  bitbucket: '/v2/bitbucket/install',
  azure: '/v1/azure/install',
};

/**
 * Where the sign-in popup starts: the server sets the state cookie and sends it to the provider.
 * The query carries the current URL's parameters (docs/spec-conformance.md §7), `search` being `location.search`.
 */
export function oauthLoginUrl(provider: OAuthProvider, search = ''): string {
  const query = new URLSearchParams(search).toString();
  return `/api${LOGIN_REDIRECT_PATHS[provider]}${query ? `?${query}` : ''}`;
}

export const oauthApi = {
  /** The providers this server is configured for; only their buttons are shown. */
  providers: () => apiRequest<OAuthProvidersResponse>('/v1/auth/providers'),
  /** The provider's code and state (its answer to the popup) for our session; the state cookie goes along. */
  callback: (provider: OAuthProvider, code: string, state: string) =>
    apiRequest<AuthResponse>(`${OAUTH_CALLBACK_PATHS[provider]}?${new URLSearchParams({ code, state }).toString()}`),
};
