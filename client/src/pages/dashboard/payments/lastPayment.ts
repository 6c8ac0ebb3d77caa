import { useState } from 'react';
import type { IntlShape } from 'react-intl';
import { useLastPaymentQuery } from '../../../__generated__/hooks';
import { useFormatTime } from '../../../i18n/format';
import { confirmAction } from '../../../lib/alerts';
import { usePaymentText } from './paymentMethods';

/** How long after a payment paying again is asked about first ("you paid a minute ago"). */
export const PAY_AGAIN_ASK_MS = 86_400_000;

export interface LastPayment {
  /** The latest payment still paid, as people read it: its amount, day and time of day; null when there is none. */
  words: { amount: string; date: string; time: string } | null;
  /** "You paid 8.99€ on 7 Dec. 2026 at 14:05; pay again?" when it was paid within a day; else null. */
  payAgainQuestion: string | null;
}

/**
 * The device's latest payment still paid, in the page's language. From the graph (Device.lastPayment), kept fresh
 * by the PayPal capture's answer, which carries it: the screen says it is paid as soon as it is.
 */
export function useLastPayment(): LastPayment {
  // When the screen opened: a payment made since is within the day all the more.
  const [now] = useState(() => Date.now());
  const { data } = useLastPaymentQuery({ fetchPolicy: 'cache-and-network' });
  const say = usePaymentText();
  const formatTime = useFormatTime();
  const payment = data?.currentDevice?.lastPayment;
  if (!payment?.paidAt) return { words: null, payAgainQuestion: null };
  const paidAt = new Date(payment.paidAt);
  const words = {
    amount: say.money(payment.amount, payment.currency),
    date: say.formatDate(paidAt),
    time: formatTime(paidAt),
  };
  return {
    words,
    payAgainQuestion:
      now - paidAt.getTime() < PAY_AGAIN_ASK_MS
        ? say.intl.formatMessage(
            { id: 'payments.payAgain.question', defaultMessage: 'You paid {amount} on {date} at {time}; pay again?' },
            words,
          )
        : null,
  };
}

/** The question before paying again within a day of a payment; true when the owner chooses to pay again. */
export function confirmPayAgain(question: string, intl: IntlShape): Promise<boolean> {
  return confirmAction({
    title: question,
    confirmText: intl.formatMessage({ id: 'payments.payAgain.confirm', defaultMessage: 'Pay again' }),
  });
}
