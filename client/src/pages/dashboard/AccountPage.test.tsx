import { screen, within } from '@testing-library/react';
import type { MockLink } from '@apollo/client/testing';
import { describe, expect, it } from 'vitest';
import { DevicePaymentsDocument } from '../../__generated__/graphql';
import { buildPayment } from '../../test/factories';
import { devicePayments, renderDashboardRoute, signedIn } from '../../test/renderDashboardRoute';

async function renderAccount(mocks: MockLink.MockedResponse[]) {
  renderDashboardRoute('/dashboard/account', [signedIn(), ...mocks]);
  return screen.findByRole('heading', { name: 'Payment history' });
}

describe('AccountPage: payment history', () => {
  it('lists each payment with its date, method, amount, status and licence end', async () => {
    await renderAccount([
      devicePayments([
        buildPayment({
          id: 'a3',
          method: 'CRYPTO',
          status: 'PENDING',
          createdAt: '2026-12-02T10:00:00.000Z',
          paidAt: null,
          licenceExpiresAt: null,
          sandbox: true,
        }),
        buildPayment({ id: 'a2', method: 'PAYPAL', status: 'PAID', licenceDays: null, licenceExpiresAt: null }),
        buildPayment({
          id: 'a1',
          method: 'COWPAY',
          status: 'PAID',
          createdAt: '2026-11-20T10:00:00.000Z',
          licenceExpiresAt: '2027-11-21T09:30:00.000Z',
        }),
        buildPayment({ id: 'a0', method: 'OPAY1', status: 'CANCELLED', paidAt: null, licenceExpiresAt: null }),
      ]),
    ]);
    const table = await screen.findByRole('table', { name: 'Payment history' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['Date', 'Method', 'Amount', 'Status', 'Licence until']);

    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(rows).toEqual([
      ['2 Dec. 2026', 'Crypto', '8.99€', 'PendingSandbox', '—'],
      ['20 Nov. 2026', 'PayPal', '8.99€', 'Paid', 'Lifetime'],
      ['20 Nov. 2026', 'Card (Cowpay)', '8.99€', 'Paid', '21 Nov. 2027'],
      ['20 Nov. 2026', 'OPay 1', '8.99€', 'Cancelled', '—'],
    ]);
    expect(within(table).getAllByText('Sandbox')).toHaveLength(1);
  });

  it('writes amounts in another currency with its code', async () => {
    await renderAccount([devicePayments([buildPayment({ amount: '10.00', currency: 'USD', status: 'FAILED' })])]);
    const table = await screen.findByRole('table', { name: 'Payment history' });
    expect(within(table).getByText('10.00 USD')).toBeInTheDocument();
    expect(within(table).getByText('Failed')).toBeInTheDocument();
  });

  it('says when there are no payments yet, under the device details', async () => {
    await renderAccount([devicePayments([])]);
    expect(await screen.findByText('No payments yet.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByText('a1:b2:c3:d4:e5:f6', { selector: 'dd' })).toBeInTheDocument();
  });

  it('says so when the payments cannot be loaded', async () => {
    await renderAccount([{ request: { query: DevicePaymentsDocument }, error: new Error('Network down') }]);
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load your payments.');
  });
});
