import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import PersonalInfoPage from './PersonalInfoPage.tsx';
import { renderRoutes } from '../test/renderWithProviders.tsx';
import { fakeApi } from '../test/fakeApi.ts';
import { reloadSession, setSession, useSession } from '../auth/session.ts';
import { testUser } from '../test/fixtures.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  reloadSession();
});

function SessionName() {
  const { user } = useSession();
  return <output data-testid="session-user">{user?.userName}</output>;
}

/** docs/spec-conformance.md: Profile › Account shows what was saved; a second Save keeps it. */
describe('PersonalInfoPage', () => {
  it('after a save the form shows what the server saved, and a second Save sends those values again', async () => {
    setSession('tok', testUser);
    const api = fakeApi({
      // the server keeps user names in lower case: what it saved differs from what was typed
      '/v1/users': (_url, init) => {
        const body = JSON.parse(String(init!.body)) as { userName: string };
        return { body: { ...testUser, ...body, userName: body.userName.toLowerCase() } };
      },
    });
    renderRoutes(
      [
        {
          path: '/',
          element: (
            <>
              <PersonalInfoPage />
              <SessionName />
            </>
          ),
        },
      ],
      '/',
    );
    const user = userEvent.setup();
    const first = await screen.findByLabelText('First name');
    await user.clear(first);
    await user.type(first, '  Augusta ');
    const userName = screen.getByLabelText('User name');
    await user.clear(userName);
    await user.type(userName, 'Ada.King');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect((screen.getByLabelText('User name') as HTMLInputElement).value).toBe('ada.king'));
    expect((screen.getByLabelText('First name') as HTMLInputElement).value).toBe('Augusta');
    expect(screen.getByTestId('session-user').textContent).toBe('ada.king');
    // jsdom never ends the spinner's leave motion, whose icon is part of the button's name
    await user.click(screen.getByText('Save changes'));
    await waitFor(() => expect(api.mock.calls.filter(([, init]) => init?.method === 'PUT')).toHaveLength(2));
    const bodies = api.mock.calls.filter(([, init]) => init?.method === 'PUT').map(([, init]) => JSON.parse(String(init!.body)) as unknown);
    expect(bodies).toEqual([
      { firstName: 'Augusta', lastName: 'Lovelace', userName: 'Ada.King', imgUrl: '' },
      { firstName: 'Augusta', lastName: 'Lovelace', userName: 'ada.king', imgUrl: '' },
    ]);
  });
});
