import { formatDisplayDate } from '../../../../../common/dates';
import type { DevicePaymentsQuery } from '../../../__generated__/graphql';
import { METHOD_LABELS, STATUS_LABELS, formatAmount } from './paymentMethods';

type Payment = NonNullable<DevicePaymentsQuery['currentDevice']>['payments'][number];

function licenceUntil(payment: Payment): string {
  // Money back: the days this payment gave are gone.
  if (payment.status === 'REFUNDED' || payment.status === 'REVERSED') return '—';
  if (payment.licenceExpiresAt) return formatDisplayDate(payment.licenceExpiresAt);
  // A paid payment without an end date bought a lifetime licence.
  if (payment.status === 'PAID' && payment.licenceDays === null) return 'Lifetime';
  return '—';
}

/** What a person needs to know about a payment that did not simply go through. */
function statusNote(payment: Payment): string | null {
  const partial = payment.partialPayment;
  if (payment.status === 'PARTIALLY_PAID' && partial) {
    return `${partial.received} of ${partial.expected} ${partial.currency} arrived; ${partial.missing} ${partial.currency} is missing. Contact support to settle it.`;
  }
  if ((payment.status === 'REFUNDED' || payment.status === 'REVERSED') && payment.takenBackAt) {
    const how = payment.status === 'REFUNDED' ? 'refunded' : 'taken back';
    return `Money ${how} on ${formatDisplayDate(payment.takenBackAt)}: its days were removed from the licence.`;
  }
  return null;
}

/** The device's payments, newest first: a table, and a card per payment at phone width. */
export function PaymentHistory({ payments }: { payments: Payment[] }) {
  if (payments.length === 0) return <p className="panel__note">No payments yet.</p>;
  return (
    <div className="payments-table__wrap">
      <table className="payments-table">
        <caption className="visually-hidden">Payment history</caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Method</th>
            <th scope="col">Amount</th>
            <th scope="col">Status</th>
            <th scope="col">Licence until</th>
          </tr>
        </thead>
        <tbody>
          {payments.map((payment) => (
            <tr key={payment.id}>
              <td data-label="Date">{formatDisplayDate(payment.createdAt)}</td>
              <td data-label="Method">{METHOD_LABELS[payment.method]}</td>
              <td data-label="Amount">{formatAmount(payment.amount, payment.currency)}</td>
              <td data-label="Status">
                <span className="payments-table__status">
                  <span className={`pay-status pay-status--${payment.status.toLowerCase()}`}>
                    {STATUS_LABELS[payment.status]}
                  </span>
                  {statusNote(payment) && <span className="payments-table__note">{statusNote(payment)}</span>}
                  {payment.sandbox && (
                    <span className="pay-tag" title="Paid through a local sandbox stand-in: no money moved">
                      Sandbox
                    </span>
                  )}
                </span>
              </td>
              <td data-label="Licence until">{licenceUntil(payment)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
