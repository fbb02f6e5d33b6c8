import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { ProfileSidePanel } from './ProfileSidePanel.tsx';
import { UserAvatar } from '../shell/UserAvatar.tsx';
import { renderRoutes } from '../test/renderWithProviders.tsx';
import { testUser } from '../test/fixtures.ts';

describe('profile side panel', () => {
  it('counts only the fields the user can fill and names the missing ones', async () => {
    // testUser: names, user name and email filled; no picture, not verified; no login ids or plan
    renderRoutes([{ path: '/profile/personal-info', element: <ProfileSidePanel user={testUser} /> }], '/profile/personal-info');
    expect((await screen.findByTestId('profile-completeness')).textContent).toBe('67%');
    expect(screen.getByTestId('profile-missing').textContent).toBe(
      'Still missing: picture and verified email (use the link we mailed you).',
    );
  });

  it('a complete profile says so', async () => {
    renderRoutes(
      [{ path: '/p', element: <ProfileSidePanel user={{ ...testUser, imgUrl: 'https://example.com/a.png', isVerified: true }} /> }],
      '/p',
    );
    expect((await screen.findByTestId('profile-completeness')).textContent).toBe('100%');
    expect(screen.getByTestId('profile-missing').textContent).toBe('Your profile is complete.');
  });
});

describe('UserAvatar', () => {
  it('a picture that fails to load falls back to the initials', () => {
    renderRoutes([{ path: '/', element: <UserAvatar user={{ ...testUser, imgUrl: 'https://example.com/broken.png' }} /> }], '/');
    const img = document.querySelector('img')!;
    expect(img.getAttribute('src')).toBe('https://example.com/broken.png');
    expect(screen.queryByTestId('avatar-initials')).toBeNull();
    fireEvent.error(img);
    expect(screen.getByTestId('avatar-initials').textContent).toBe('AL');
    expect(document.querySelector('img')).toBeNull();
  });
});
