import { screen, waitFor, within } from '@testing-library/react';
import type { MockLink } from '@apollo/client/testing';
import Swal from 'sweetalert2';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DevicePaymentsDocument, RevokeDeviceTokenDocument } from '../../__generated__/graphql';
import { answerDialogs, dialogs } from '../../test/dialogs';
import { buildDevice, buildPayment, buildTvSession } from '../../test/factories';
import userEvent from '@testing-library/user-event';
import { setTestLocale } from '../../test/locale';
import ar from '../../../../lang/ar.json';
import {
  devicePayments,
  deviceTvSessions,
  graphQLError,
  renderDashboardRoute,
  signedIn,
} from '../../test/renderDashboardRoute';

vi.mock('sweetalert2', () => ({ default: { fire: vi.fn() } }));

beforeEach(() => {
  vi.mocked(Swal.fire).mockReset();
  answerDialogs();
});

/** The page with its payments (`mocks`) and its TVs (none unless given). */
async function renderAccount(mocks: MockLink.MockedResponse[], tvs: MockLink.MockedResponse[] = [deviceTvSessions()]) {
  const rendered = renderDashboardRoute('/dashboard/account', [signedIn(), ...mocks, ...tvs]);
  await screen.findByRole('heading', { name: 'Payment history' });
  return rendered;
}

function revokeMock(id: string, result: MockLink.MockedResponse['result']): MockLink.MockedResponse {
  return { request: { query: RevokeDeviceTokenDocument, variables: { input: { id } } }, result };
}

/** The cells of a table's rows, top to bottom (the TV table's sign-out button cell as its label). */
function tvRows(table: HTMLElement) {
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );
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
      ['2\u00a0Dec.\u00a02026', 'Crypto', '8.99€', 'PendingTest payment', '—'],
      ['20\u00a0Nov.\u00a02026', 'PayPal', '8.99€', 'Paid', 'Lifetime'],
      ['20\u00a0Nov.\u00a02026', 'Card (Cowpay)', '8.99€', 'Paid', '21\u00a0Nov.\u00a02027'],
      ['20\u00a0Nov.\u00a02026', 'OPay 1', '8.99€', 'Cancelled', '—'],
    ]);
    expect(within(table).getAllByText('Test payment')).toHaveLength(1);
  });

  it('writes amounts in another currency with its code', async () => {
    await renderAccount([devicePayments([buildPayment({ amount: '10.00', currency: 'USD', status: 'FAILED' })])]);
    const table = await screen.findByRole('table', { name: 'Payment history' });
    expect(within(table).getByText('10.00 USD')).toBeInTheDocument();
    expect(within(table).getByText('Failed')).toBeInTheDocument();
  });

  it('says which payments went back and which fell short, and what that did to the licence', async () => {
    await renderAccount([
      devicePayments([
        buildPayment({
          id: 'r1',
          method: 'PAYPAL',
          status: 'REFUNDED',
          createdAt: '2026-11-21T10:00:00.000Z',
          takenBackAt: '2026-11-24T09:00:00.000Z',
        }),
        buildPayment({
          id: 'r0',
          method: 'OPAY',
          status: 'REVERSED',
          amount: '499.00',
          currency: 'EGP',
          takenBackAt: '2026-11-23T09:00:00.000Z',
        }),
        buildPayment({
          id: 'p0',
          method: 'CRYPTO',
          status: 'PARTIALLY_PAID',
          paidAt: null,
          licenceExpiresAt: null,
          partialPayment: {
            received: '0.00012',
            expected: '0.0002',
            missing: '0.00008',
            currency: 'BTC',
          },
        }),
      ]),
    ]);
    const table = await screen.findByRole('table', { name: 'Payment history' });
    expect(tvRows(table)).toEqual([
      [
        '21\u00a0Nov.\u00a02026',
        'PayPal',
        '8.99€',
        'RefundedMoney refunded on 24\u00a0Nov.\u00a02026: its days were removed from the licence.',
        '—',
      ],
      [
        '20\u00a0Nov.\u00a02026',
        'OPay',
        '499.00 EGP',
        'ReversedMoney taken back on 23\u00a0Nov.\u00a02026: its days were removed from the licence.',
        '—',
      ],
      [
        '20\u00a0Nov.\u00a02026',
        'Crypto',
        '8.99€',
        'Partially paid0.00012 of 0.0002 BTC arrived; 0.00008 BTC is missing. Contact support to settle it.',
        '—',
      ],
    ]);
  });

  it('shows older payments on request when there are more than one page', async () => {
    const user = userEvent.setup();
    const device = buildDevice();
    await renderAccount([
      devicePayments(
        [buildPayment({ id: 'n2', method: 'PAYPAL' }), buildPayment({ id: 'n1', method: 'OPAY' })],
        device,
        {
          paymentCount: 3,
        },
      ),
      devicePayments([buildPayment({ id: 'n0', method: 'CRYPTO' })], device, { paymentCount: 3, after: 'n1' }),
    ]);
    const table = await screen.findByRole('table', { name: 'Payment history' });
    expect(tvRows(table).map((row) => row[1])).toEqual(['PayPal', 'OPay']);
    await user.click(screen.getByRole('button', { name: 'Show older payments (1 more)' }));
    await waitFor(() => expect(tvRows(table).map((row) => row[1])).toEqual(['PayPal', 'OPay', 'Crypto']));
    expect(screen.queryByRole('button', { name: /Show older payments/ })).toBeNull();
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

describe('AccountPage: the TVs signed in', () => {
  const living = buildTvSession({ id: 'tv-1', model: 'Samsung QE55', appVersion: '2.4.1' });
  const kitchen = buildTvSession({
    id: 'tv-2',
    model: null,
    appVersion: null,
    signedInAt: '2026-10-02T18:00:00.000Z',
    lastSeenAt: '2026-11-19T20:00:00.000Z',
  });

  it('lists each TV with its model, app version, last use and sign-in date', async () => {
    await renderAccount([devicePayments([])], [deviceTvSessions([living, kitchen])]);
    const table = await screen.findByRole('table', { name: 'TVs signed in' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['TV', 'App version', 'Last seen', 'Signed in since', 'Sign out']);
    expect(tvRows(table)).toEqual([
      ['Samsung QE55', '2.4.1', '20\u00a0Nov.\u00a02026', '14\u00a0Nov.\u00a02026', 'Sign out'],
      ['Unknown model', '—', '19\u00a0Nov.\u00a02026', '2\u00a0Oct.\u00a02026', 'Sign out'],
    ]);
    expect(within(table).getByRole('button', { name: 'Sign out Samsung QE55' })).toBeEnabled();
  });

  it('says when no TV is signed in', async () => {
    await renderAccount([devicePayments([])]);
    expect(await screen.findByText('No TV is signed in.')).toBeInTheDocument();
  });

  it('signs a TV out once the owner confirms, and takes it off the list', async () => {
    const { user } = await renderAccount(
      [devicePayments([])],
      [
        deviceTvSessions([living, kitchen]),
        revokeMock('tv-1', {
          data: {
            revokeDeviceToken: { __typename: 'RevokeDeviceTokenPayload', id: 'tv-1', message: 'The TV is signed out.' },
          },
        }),
      ],
    );
    const table = await screen.findByRole('table', { name: 'TVs signed in' });
    await user.click(within(table).getByRole('button', { name: 'Sign out Samsung QE55' }));
    await waitFor(() => expect(tvRows(table)).toHaveLength(1));
    expect(tvRows(table)[0]![0]).toBe('Unknown model');
    expect(dialogs().map((d) => d.title)).toEqual(['Sign out this TV?', 'The TV is signed out.']);
    expect(dialogs()[0]!.text).toBe(
      'Its token stops working at once: the app on that TV can no longer read your playlists.',
    );
  });

  it('leaves the TV signed in when the owner cancels', async () => {
    answerDialogs({ confirm: false });
    const { user } = await renderAccount([devicePayments([])], [deviceTvSessions([living])]);
    const table = await screen.findByRole('table', { name: 'TVs signed in' });
    await user.click(within(table).getByRole('button', { name: 'Sign out Samsung QE55' }));
    await waitFor(() => expect(dialogs()).toHaveLength(1));
    expect(tvRows(table)).toHaveLength(1);
  });

  it('says why when the TV could not be signed out, and shows the list as it is now', async () => {
    const { user } = await renderAccount(
      [devicePayments([])],
      [
        deviceTvSessions([living, kitchen]),
        revokeMock('tv-1', { errors: [graphQLError('This TV is not signed in.', 'NOT_FOUND')] }),
        deviceTvSessions([kitchen]),
      ],
    );
    const table = await screen.findByRole('table', { name: 'TVs signed in' });
    await user.click(within(table).getByRole('button', { name: 'Sign out Samsung QE55' }));
    await waitFor(() => expect(dialogs()).toHaveLength(2));
    expect(dialogs()[1]).toMatchObject({
      icon: 'error',
      title: 'Could not sign the TV out.',
      text: 'This TV is not signed in.',
    });
    await waitFor(() =>
      expect(tvRows(table)).toEqual([
        ['Unknown model', '—', '19\u00a0Nov.\u00a02026', '2\u00a0Oct.\u00a02026', 'Sign out'],
      ]),
    );
  });
});

describe('AccountPage in Arabic', () => {
  it('names the details, the status and the dates in Arabic, the MAC address left to right', async () => {
    await setTestLocale('ar');
    renderDashboardRoute('/dashboard/account', [
      signedIn(buildDevice({ status: 'ACTIVE', expireDate: null })),
      devicePayments([]),
      deviceTvSessions([buildTvSession({ id: 'tv-1', model: 'Samsung QE55', appVersion: '2.4.1' })]),
    ]);
    expect(await screen.findByRole('heading', { name: 'تفاصيل الحساب', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'سجل المدفوعات' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'أجهزة التلفزيون المسجّلة الدخول' })).toBeInTheDocument();
    const row = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling;
    expect(row('عنوان MAC')).toHaveTextContent('a1:b2:c3:d4:e5:f6');
    expect(row('عنوان MAC')).toHaveAttribute('dir', 'ltr');
    expect(row('الحالة')).toHaveTextContent('مفعّل');
    expect(row('تاريخ الإنشاء')).toHaveTextContent('14 نوفمبر 2026');
    expect(row('تاريخ الانتهاء')).toHaveTextContent('لا ينتهي (ترخيص مدى الحياة)');

    const table = await screen.findByRole('table', { name: 'أجهزة التلفزيون المسجّلة الدخول' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['التلفزيون', 'إصدار التطبيق', 'آخر نشاط', 'مسجَّل الدخول منذ', 'تسجيل الخروج']);
    expect(tvRows(table)).toEqual([
      ['Samsung QE55', '2.4.1', '20\u00a0نوفمبر\u00a02026', '14\u00a0نوفمبر\u00a02026', 'تسجيل الخروج'],
    ]);
  });

  it('asks and answers in Arabic when a TV is signed out', async () => {
    await setTestLocale('ar');
    renderDashboardRoute('/dashboard/account', [
      signedIn(),
      devicePayments([]),
      deviceTvSessions([buildTvSession({ id: 'tv-1', model: 'Samsung QE55' })]),
      revokeMock('tv-1', {
        data: {
          revokeDeviceToken: { __typename: 'RevokeDeviceTokenPayload', id: 'tv-1', message: 'The TV is signed out.' },
        },
      }),
    ]);
    const user = userEvent.setup();
    const table = await screen.findByRole('table', { name: 'أجهزة التلفزيون المسجّلة الدخول' });
    await user.click(within(table).getByRole('button', { name: 'تسجيل خروج Samsung QE55' }));
    expect(await screen.findByText('لا يوجد تلفزيون مسجَّل الدخول.')).toBeInTheDocument();
    expect(dialogs().map((d) => d.title)).toEqual([ar['msg.tv.signOutTitle'], ar['msg.tv.signedOut']]);
    expect(dialogs()[0]).toMatchObject({
      text: ar['msg.tv.signOutText'],
      confirmButtonText: 'تسجيل الخروج',
      cancelButtonText: 'إلغاء',
    });
  });
});
