import { FormattedMessage } from 'react-intl';
import type { DevicePaymentsQuery } from '../../../__generated__/graphql';
import { usePaymentText } from './paymentMethods';

type Payment = NonNullable<DevicePaymentsQuery['currentDevice']>['payments'][number];
type Say = ReturnType<typeof usePaymentText>;

function licenceUntil(payment: Payment, say: Say): string {
  // Money back: the days this payment gave are gone.
  if (payment.status === 'REFUNDED' || payment.status === 'REVERSED') return '—';
  if (payment.licenceExpiresAt) return say.formatDate(payment.licenceExpiresAt);
  // A paid payment without an end date bought a lifetime licence.
  if (payment.status === 'PAID' && payment.licenceDays === null) return say.licence(null);
  return '—';
}

/** What a person needs to know about a payment that did not simply go through. */
function statusNotes(payment: Payment, say: Say): string[] {
  const partial = payment.partialPayment;
  if (payment.status === 'PARTIALLY_PAID' && partial) {
    return [
      say.intl.formatMessage(
        {
          id: 'payments.history.partial',
          defaultMessage:
            '{received} of {expected} {currency} arrived; {missing} {currency} is missing. Contact support to settle it.',
        },
        {
          received: partial.received,
          expected: partial.expected,
          missing: partial.missing,
          currency: partial.currency,
        },
      ),
    ];
  }
  const notes: string[] = [];
  if ((payment.status === 'REFUNDED' || payment.status === 'REVERSED') && payment.takenBackAt) {
    const date = say.formatDate(payment.takenBackAt);
    notes.push(
      payment.status === 'REFUNDED'
        ? say.intl.formatMessage(
            {
              id: 'payments.history.refunded',
              defaultMessage: 'Money refunded on {date}: its days were removed from the licence.',
            },
            { date },
          )
        : say.intl.formatMessage(
            {
              id: 'payments.history.reversed',
              defaultMessage: 'Money taken back on {date}: its days were removed from the licence.',
            },
            { date },
          ),
    );
  } else if (payment.refunded) {
    // Part of the money went back: the licence keeps the payment's days.
    notes.push(
      say.intl.formatMessage(
        { id: 'payments.history.partlyRefunded', defaultMessage: 'Refunded {amount}' },
        { amount: say.money(payment.refunded, payment.currency) },
      ),
    );
  }
  if (payment.dispute?.state === 'OPEN') {
    notes.push(
      say.intl.formatMessage(
        {
          id: 'payments.history.disputeOpen',
          defaultMessage: 'A dispute about this payment was opened on {date}: the licence keeps its days meanwhile.',
        },
        { date: say.formatDate(payment.dispute.openedAt) },
      ),
    );
  } else if (payment.dispute?.state === 'WON') {
    notes.push(
      say.intl.formatMessage({
        id: 'payments.history.disputeClosed',
        defaultMessage: 'The dispute about this payment was closed: the payment stands.',
      }),
    );
  }
  return notes;
}

/** The device's payments, newest first: a table, and a card per payment at phone width. */
export function PaymentHistory({ payments }: { payments: Payment[] }) {
  const say = usePaymentText();
  const { intl } = say;
  if (payments.length === 0)
    return (
      <p className="panel__note">
        <FormattedMessage id="payments.history.none" defaultMessage="No payments yet." />
      </p>
    );
  const column = {
    date: intl.formatMessage({ id: 'payments.history.date', defaultMessage: 'Date' }),
    method: intl.formatMessage({ id: 'payments.history.method', defaultMessage: 'Method' }),
    amount: intl.formatMessage({ id: 'payments.history.amount', defaultMessage: 'Amount' }),
    status: intl.formatMessage({ id: 'payments.history.status', defaultMessage: 'Status' }),
    licenceUntil: intl.formatMessage({ id: 'payments.history.licenceUntil', defaultMessage: 'Licence until' }),
  };
  return (
    <div className="payments-table__wrap">
      <table className="payments-table">
        <caption className="visually-hidden">
          <FormattedMessage id="payments.history.caption" defaultMessage="Payment history" />
        </caption>
        <thead>
          <tr>
            <th scope="col">{column.date}</th>
            <th scope="col">{column.method}</th>
            <th scope="col">{column.amount}</th>
            <th scope="col">{column.status}</th>
            <th scope="col">{column.licenceUntil}</th>
          </tr>
        </thead>
        <tbody>
          {payments.map((payment) => {
            const notes = statusNotes(payment, say);
            return (
              <tr key={payment.id}>
                <td data-label={column.date}>{say.formatDate(payment.createdAt)}</td>
                <td data-label={column.method}>{say.method(payment.method)}</td>
                <td data-label={column.amount}>
                  <bdi>{say.money(payment.amount, payment.currency)}</bdi>
                </td>
                <td data-label={column.status}>
                  <span className="payments-table__status">
                    <span className={`pay-status pay-status--${payment.status.toLowerCase()}`}>
                      {say.status(payment.status)}
                    </span>
                    {payment.dispute?.state === 'OPEN' && (
                      <span className="pay-tag pay-tag--disputed">
                        <FormattedMessage id="payments.history.disputed" defaultMessage="Disputed" />
                      </span>
                    )}
                    {notes.map((note) => (
                      <span key={note} className="payments-table__note">
                        {note}
                      </span>
                    ))}
                    {payment.sandbox && (
                      <span
                        className="pay-tag"
                        title={intl.formatMessage({
                          id: 'payments.history.testPaymentTitle',
                          defaultMessage: 'A test payment (a sandbox or test account): no real money moved',
                        })}
                      >
                        <FormattedMessage id="payments.history.testPayment" defaultMessage="Test payment" />
                      </span>
                    )}
                  </span>
                </td>
                <td data-label={column.licenceUntil}>{licenceUntil(payment, say)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
