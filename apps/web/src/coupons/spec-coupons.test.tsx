import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RedeemType } from '@docent/contracts';
import { RedeemModal } from './RedeemModal.tsx';
import { EmailChangeModal } from '../profile/EmailChangeModal.tsx';
import { fakeApi } from '../test/fakeApi.ts';
import { renderRoutes } from '../test/renderWithProviders.tsx';

/**
 * The Redeem modal (docs/spec-conformance.md §2 Coupons page, §3 save-upi-id / save-amazon-id, §5 UPI and Amazon Pay
 * ids) and the add-email / email-change modal (§2, §5, §8) — docs/spec-conformance.md.
 */
const fieldErrors = () => [...document.querySelectorAll('.ant-form-item-explain')].map((el) => el.textContent);
const toastShown = (text: string) =>
  waitFor(() => expect([...document.querySelectorAll('.ant-message-notice')].map((el) => el.textContent)).toContain(text));
const redeemModal = (type: RedeemType) =>
  renderRoutes(
    [
      { path: '/redeem-coupon', element: <RedeemModal type={type} onClose={() => {}} /> },
      { path: '/repositories', element: <p>repositories</p> },
    ],
    '/redeem-coupon',
  );

afterEach(() => vi.unstubAllGlobals());

describe('Redeem modal (docs/spec-conformance.md §2, §3, §5)', () => {
  it("UPI: required, 'Not a valid UPI ID' for anything but name@handle (no TLD needed); then the checklist, success with Okay; the id is remembered in save-upi-id", async () => {
    const api = fakeApi({ '/v1/coupon/redeem': { body: { status: ['SUCCESS'] } } });
    redeemModal('UPI');
    const user = userEvent.setup();
    expect(await screen.findByRole('dialog', { name: 'Redeem by UPI' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Redeem' }));
    await waitFor(() => expect(fieldErrors()).toContain('This field is required!'));
    await user.type(screen.getByLabelText('UPI ID'), 'ada.okaxis');
    await user.click(screen.getByRole('button', { name: 'Redeem' }));
    await waitFor(() => expect(fieldErrors()).toContain('Not a valid UPI ID'));
    expect(api).not.toHaveBeenCalled();
    await user.clear(screen.getByLabelText('UPI ID'));
    await user.type(screen.getByLabelText('UPI ID'), 'ada@okaxis');
    await user.click(screen.getByRole('button', { name: 'Redeem' }));
    expect(await screen.findByTestId('redeem-checklist')).toBeTruthy();
    const [url, init] = api.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v1/coupon/redeem');
    expect(JSON.parse(init.body as string)).toEqual({ redeem_type: 'UPI', redeem_id: 'ada@okaxis' });
    expect(screen.getByText('A code host is connected')).toBeTruthy();
    expect(localStorage.getItem('save-upi-id')).toBe('ada@okaxis');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Coupons redeemed')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Okay' })).toBeTruthy();
  });

  it("Amazon Pay: the id must match the email pattern ('Not a valid Email Id'); the checklist reports no code host; the last id comes back from save-amazon-id", async () => {
    localStorage.setItem('save-amazon-id', 'ada@okaxis');
    const api = fakeApi({ '/v1/coupon/redeem': { body: { status: ['GITHUB_APP_NOT_INSTALLED'] } } });
    redeemModal('AMAZON');
    const user = userEvent.setup();
    expect(await screen.findByRole('dialog', { name: 'Redeem by Amazon Pay' })).toBeTruthy();
    const field = screen.getByLabelText('Amazon Pay ID (email)');
    expect((field as HTMLInputElement).value).toBe('ada@okaxis');
    await user.click(screen.getByRole('button', { name: 'Redeem' }));
    await waitFor(() => expect(fieldErrors()).toContain('Not a valid Email Id'));
    expect(api).not.toHaveBeenCalled();
    await user.clear(field);
    await user.type(field, 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Redeem' }));
    expect(await screen.findByText('No code host connected: connect one or add a repository first')).toBeTruthy();
    const [, init] = api.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(init.body as string)).toEqual({ redeem_type: 'AMAZON', redeem_id: 'ada@example.com' });
    expect(localStorage.getItem('save-amazon-id')).toBe('ada@example.com');
    expect(screen.queryByRole('button', { name: 'Continue' })).toBeNull();
  });
});

describe('add-email / email-change modal (docs/spec-conformance.md §2, §5, §8)', () => {
  const open = () =>
    renderRoutes(
      [
        { path: '/redeem-coupon', element: <EmailChangeModal open onClose={() => {}} /> },
        { path: '/repositories', element: <p>home</p> },
      ],
      '/redeem-coupon',
    );
  const toCodeStep = async (user: ReturnType<typeof userEvent.setup>) => {
    await user.type(screen.getByLabelText('New email address', { selector: 'input' }), 'new@example.com');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    return screen.findByTestId('email-code-text');
  };

  it("the email is required and must be valid ('This field is required!', 'Please input a valid email address!'); nothing is sent", async () => {
    const api = fakeApi({});
    open();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(fieldErrors()).toContain('This field is required!'));
    await user.type(screen.getByLabelText('New email address', { selector: 'input' }), 'new@example');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(fieldErrors()).toContain('Please input a valid email address!'));
    expect(api).not.toHaveBeenCalled();
  });

  it('the code step has six boxes; a wrong code shows auth.incorrectCode, the server\'s "The entered code is incorrect. Please check and try again."', async () => {
    fakeApi({
      '/v1/user/email/update/request': { body: { message: 'ok' } },
      '/v1/user/email/update/verify': {
        status: 400,
        body: { detail: 'The entered code is incorrect. Please check and try again.', code: 'CODE_INVALID' },
      },
    });
    open();
    const user = userEvent.setup();
    await toCodeStep(user);
    const boxes = screen.getAllByRole('textbox');
    expect(boxes).toHaveLength(6);
    await user.click(boxes[0]!);
    await user.keyboard('000000');
    expect((await screen.findByRole('alert')).textContent).toBe('The entered code is incorrect. Please check and try again.');
  });

  it('a wrong code without a server message still reads auth.incorrectCode', async () => {
    fakeApi({
      '/v1/user/email/update/request': { body: { message: 'ok' } },
      '/v1/user/email/update/verify': { status: 400, body: {} },
    });
    open();
    const user = userEvent.setup();
    await toCodeStep(user);
    await user.click(screen.getAllByRole('textbox')[0]!);
    await user.keyboard('000000');
    await waitFor(() => expect(screen.getByRole('alert').textContent).not.toBe(''));
    expect(screen.getByRole('alert').textContent).toBe('The entered code is incorrect. Please check and try again.');
  });

  it('a refused request shows the server message, else auth.common.errorUpdateEmail; a failed resend shows auth.common.verifyFailed', async () => {
    let requests = 0;
    fakeApi({
      '/v1/user/email/update/request': () =>
        ++requests === 1
          ? { status: 500, body: {} }
          : requests === 2
            ? { status: 409, body: { detail: 'That is already your email address.' } }
            : requests === 3
              ? { body: { message: 'ok' } }
              : { status: 500, body: { detail: 'Mail server down.' } },
    });
    open();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('New email address', { selector: 'input' }), 'new@example.com');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await toastShown('Failed to update the email address. Please try again.');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await toastShown('That is already your email address.');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await screen.findByTestId('email-code-text');
    await user.click(screen.getByRole('button', { name: 'Resend code' }));
    await toastShown('Failed to send the verification code. Please try again.');
  });
});
