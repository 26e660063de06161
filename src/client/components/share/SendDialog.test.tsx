// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailsOfTypeTo, registerAccount } from '../../../../tests/support/accounts';
import { demoIds, saveCustomerQuote } from '../../../../tests/support/configurations';
import { createTestApp, USER, type TestApp, type TestClient } from '../../../../tests/support/test-app';
import { renderUi } from '../../test/render';
import { appFetch, clearToasts, findToast } from '../../test/server-fetch';
import { SendDialog } from './SendDialog';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.closeWhenMailed());

async function openFor(client: TestClient) {
  const quote = await saveCustomerQuote(client, demoIds(t), { name: 'Dialog quote', customerEmail: 'buyer@contoso.test' });
  const r = await renderUi(<SendDialog quote={{ id: quote.id, number: quote.number, customerEmail: 'buyer@contoso.test' }} onClose={() => {}} />, {
    fetch: appFetch(t, client),
  });
  const dialog = await screen.findByRole('dialog', { name: `Send ${quote.number}` });
  return { ...r, dialog };
}

describe('Send dialog', () => {
  it('an unverified account: the reason, Send off, and the link mailed again (a toast; the hourly limit as an error toast)', async () => {
    const account = await registerAccount(t);
    const { user, dialog } = await openFor(account.client);
    const notice = await within(dialog).findByTestId('send-unverified');
    expect(notice.textContent).toContain('Please verify your email address before sending quotes');
    expect(notice.textContent).toContain(account.email);
    expect((within(dialog).getByRole('button', { name: 'Send quote' }) as HTMLButtonElement).disabled).toBe(true);

    await user.click(within(notice).getByRole('button', { name: 'Mail the link again' }));
    const sent = await findToast('Verification link sent');
    expect(sent.textContent).toContain('A new verification link has been sent to your email address.');
    // the registration's mail and this one
    expect(await mailsOfTypeTo(t, account.email, 'email_verification')).toHaveLength(2);
    await clearToasts();

    for (let i = 0; i < 4; i++) expect((await account.client.post('/api/verify-email/resend')).status).toBe(200);
    await user.click(within(notice).getByRole('button', { name: 'Mail the link again' }));
    const refused = await findToast('The link could not be sent');
    expect(refused.textContent).toContain('Too many verification emails. Please try again in 60 minutes.');
    expect(await mailsOfTypeTo(t, account.email, 'email_verification')).toHaveLength(6);
    await clearToasts();
  });

  it('a verified account sees no notice and can send', async () => {
    const demo = await t.login(USER!.email, USER!.password);
    const { dialog, queryClient } = await openFor(demo);
    // the account as the dialog asked for it has arrived
    const me = () =>
      queryClient
        .getQueryCache()
        .findAll()
        .find((q) => JSON.stringify(q.queryKey).startsWith('[["auth","me"]'));
    await waitFor(() => expect(me()?.state.status).toBe('success'));
    await waitFor(() => expect(within(dialog).getByTestId('send-preview').textContent).toContain('From'));
    expect(within(dialog).queryByTestId('send-unverified')).toBeNull();
    expect((within(dialog).getByRole('button', { name: 'Send quote' }) as HTMLButtonElement).disabled).toBe(false);
  });
});
