import { beforeEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { useLocation } from 'react-router';
import { RequireAuth } from './RequireAuth.tsx';
import { reloadSession } from './session.ts';
import { renderRoutes } from '../test/renderWithProviders.tsx';
import { testUser } from '../test/fixtures.ts';

function LoginProbe() {
  const location = useLocation();
  return <p>login page, from {(location.state as { from?: string } | null)?.from}</p>;
}

const routes = [
  { path: '/auth/login', element: <LoginProbe /> },
  { element: <RequireAuth />, children: [{ path: '/jobs', element: <p>jobs content</p> }] },
];

describe('RequireAuth', () => {
  beforeEach(() => {
    localStorage.clear();
  });

  it('sends a visitor without token or user to the login page, remembering the page', async () => {
    reloadSession();
    renderRoutes(routes, '/jobs?x=1');
    expect(await screen.findByText('login page, from /jobs?x=1')).toBeTruthy();
    expect(screen.queryByText('jobs content')).toBeNull();
    // and in the client-stored pageState (docs/spec-conformance.md §3), which outlives this tab's router state
    expect(JSON.parse(localStorage.getItem('pageState')!)).toMatchObject({ from: '/jobs?x=1' });
  });

  it('needs the user too: a token alone is not enough', async () => {
    localStorage.setItem('accessToken', 'tok');
    reloadSession();
    renderRoutes(routes, '/jobs');
    expect(await screen.findByText(/login page/)).toBeTruthy();
  });

  it('needs the token too: a stored user alone is not enough', async () => {
    localStorage.setItem('user', JSON.stringify(testUser));
    reloadSession();
    renderRoutes(routes, '/jobs');
    expect(await screen.findByText(/login page/)).toBeTruthy();
  });

  it('shows the page when both are present', async () => {
    localStorage.setItem('accessToken', 'tok');
    localStorage.setItem('user', JSON.stringify(testUser));
    reloadSession();
    renderRoutes(routes, '/jobs');
    expect(await screen.findByText('jobs content')).toBeTruthy();
  });

  it('treats a damaged stored user as no user', async () => {
    localStorage.setItem('accessToken', 'tok');
    localStorage.setItem('user', '{broken');
    reloadSession();
    renderRoutes(routes, '/jobs');
    expect(await screen.findByText(/login page/)).toBeTruthy();
  });
});
