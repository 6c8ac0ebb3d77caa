import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildPayment } from '../../../test/factories';
import { setTestLocale } from '../../../test/locale';
import { PaymentHistory } from './PaymentHistory';

/** Each row's cells, as Testing Library reads them (no-break spaces as spaces). */
function rows(table: HTMLElement): string[][] {
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => (cell.textContent ?? '').replaceAll('\u00a0', ' ')),
    );
}

describe('PaymentHistory in Arabic', () => {
  it('names the columns, methods and statuses in Arabic, with Arabic dates and prices', async () => {
    await setTestLocale('ar');
    render(
      <PaymentHistory
        payments={[
          buildPayment({
            id: 'p2',
            method: 'CRYPTO',
            status: 'PENDING',
            createdAt: '2026-12-02T10:00:00.000Z',
            licenceExpiresAt: null,
            sandbox: true,
          }),
          buildPayment({ id: 'p1', method: 'PAYPAL', status: 'PAID', licenceDays: null, licenceExpiresAt: null }),
          buildPayment({
            id: 'p0',
            method: 'COWPAY',
            status: 'REFUNDED',
            amount: '499.00',
            currency: 'EGP',
            takenBackAt: '2026-11-24T09:00:00.000Z',
          }),
        ]}
      />,
    );
    const table = screen.getByRole('table', { name: 'سجل المدفوعات' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['التاريخ', 'طريقة الدفع', 'المبلغ', 'الحالة', 'الترخيص حتى']);
    expect(rows(table)).toEqual([
      ['2 ديسمبر 2026', 'عملات رقمية', '\u200f8.99 €', 'قيد الانتظاردفعة اختبارية', '—'],
      ['20 نوفمبر 2026', 'PayPal', '\u200f8.99 €', 'مدفوعة', 'مدى الحياة'],
      [
        '20 نوفمبر 2026',
        'بطاقة بنكية (Cowpay)',
        '\u200f499.00 ج.م.\u200f',
        'مستردّةاستُردّت الأموال في 24 نوفمبر 2026، وحُذفت الأيام التي منحتها هذه الدفعة من الترخيص.',
        '—',
      ],
    ]);
  });

  it('says in Arabic that there are no payments yet', async () => {
    await setTestLocale('ar');
    render(<PaymentHistory payments={[]} />);
    expect(screen.getByText('لا توجد مدفوعات بعد.')).toBeInTheDocument();
  });
});

describe('PaymentHistory: money back and disputes', () => {
  it('shows part of the money refunded on a payment that keeps its licence, and an open dispute', async () => {
    await setTestLocale('en');
    render(
      <PaymentHistory
        payments={[
          buildPayment({ id: 'p2', method: 'PAYPAL', refunded: '0.50' }),
          buildPayment({
            id: 'p1',
            method: 'PAYPAL',
            dispute: { state: 'OPEN', openedAt: '2026-11-25T09:00:00.000Z' },
          }),
          buildPayment({
            id: 'p0',
            method: 'PAYPAL',
            dispute: { state: 'WON', openedAt: '2026-11-21T09:00:00.000Z' },
          }),
        ]}
      />,
    );
    expect(rows(screen.getByRole('table', { name: 'Payment history' }))).toEqual([
      ['20 Nov. 2026', 'PayPal', '8.99€', 'PaidRefunded 0.50€', '21 Nov. 2027'],
      [
        '20 Nov. 2026',
        'PayPal',
        '8.99€',
        'PaidDisputedA dispute about this payment was opened on 25 Nov. 2026: the licence keeps its days meanwhile.',
        '21 Nov. 2027',
      ],
      [
        '20 Nov. 2026',
        'PayPal',
        '8.99€',
        'PaidThe dispute about this payment was closed: the payment stands.',
        '21 Nov. 2027',
      ],
    ]);
  });

  it('says the refunded sum in Arabic', async () => {
    await setTestLocale('ar');
    render(<PaymentHistory payments={[buildPayment({ refunded: '0.50' })]} />);
    expect(screen.getByText(/استُرد/).textContent).toBe('استُرد \u2066\u200f0.50\u00a0€\u2069');
  });
});
