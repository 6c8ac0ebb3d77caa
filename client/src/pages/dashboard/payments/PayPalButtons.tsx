import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { messages } from '../../../../../common/messages';
import { useCapturePayPalOrderMutation, useCreatePayPalOrderMutation } from '../../../__generated__/hooks';
import { useExternalScript } from '../../../hooks/useExternalScript';
import { useUser } from '../../../hooks/useUser';
import { readGraphQLFailure, type GraphQLFailure } from '../../../lib/graphqlFailure';
import type { PayPalButtonsOptions } from '../../../lib/paypal';
import { useActivationEligibility } from './useActivationEligibility';

/** PayPal's messages stay on screen this long: 5 seconds. */
export const PAYPAL_MESSAGE_MS = 5000;

interface Notice {
  kind: 'success' | 'error';
  text: string;
}

const NETWORK_NOTICE: Notice = {
  kind: 'error',
  text: `${messages.payment.paypalNetwork} / ${messages.payment.paypalNetworkText}`,
};

/** 'Sorry, your transaction could not be processed. {description} (debug id: {debugId})'. */
function refusedNotice(failure: GraphQLFailure): Notice {
  const { description, debugId } = failure.extensions;
  const parts: string[] = [messages.payment.paypalRefused];
  const reason = typeof description === 'string' && description ? description : failure.message;
  if (reason) parts.push(reason);
  if (typeof debugId === 'string' && debugId) parts.push(`(debug id: ${debugId})`);
  return { kind: 'error', text: parts.join(' ') };
}

/**
 * PayPal's own buttons: its SDK opens the checkout, the server creates and captures the order.
 * The MAC check runs before each order; what happens is said under the buttons for 5 seconds.
 */
export function PayPalButtons({ sdkUrl }: { sdkUrl: string }) {
  const script = useExternalScript(sdkUrl);
  const container = useRef<HTMLDivElement>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  // True once this attempt said something, so PayPal's own onError does not say it again in other words.
  const reported = useRef(false);
  const { login } = useUser();
  const checkEligibility = useActivationEligibility();
  const [createOrder] = useCreatePayPalOrderMutation();
  const [captureOrder] = useCapturePayPalOrderMutation();

  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => setNotice(null), PAYPAL_MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [notice]);

  function report(next: Notice) {
    reported.current = true;
    setNotice(next);
  }

  const handlers: PayPalButtonsOptions = {
    async createOrder() {
      reported.current = false;
      let eligibility;
      try {
        eligibility = await checkEligibility();
      } catch (error) {
        report(NETWORK_NOTICE);
        throw error;
      }
      if (!eligibility.eligible) {
        const text = eligibility.message ?? messages.payment.macCheckFallback;
        report({ kind: 'error', text });
        throw new Error(text);
      }
      try {
        const { data } = await createOrder();
        if (!data) throw new Error('The PayPal order answer carried no data');
        return data.createPayPalOrder.id;
      } catch (error) {
        const failure = readGraphQLFailure(error);
        report(failure.answered && failure.message ? { kind: 'error', text: failure.message } : NETWORK_NOTICE);
        throw error;
      }
    },
    async onApprove({ orderID }, actions) {
      reported.current = false;
      try {
        const { data } = await captureOrder({ variables: { orderId: orderID } });
        if (!data) throw new Error('The PayPal capture answer carried no data');
        login(data.capturePayPalOrder.device);
        report({ kind: 'success', text: messages.payment.paypalSuccess });
      } catch (error) {
        const failure = readGraphQLFailure(error);
        // A declined card: PayPal lets the buyer pick another funding source.
        if (failure.code === 'PAYMENT_DECLINED' || failure.extensions.issue === 'INSTRUMENT_DECLINED') {
          return actions.restart();
        }
        report(failure.answered ? refusedNotice(failure) : NETWORK_NOTICE);
      }
    },
    onError(error) {
      if (reported.current) return;
      console.error('PayPal checkout failed', error);
      report(NETWORK_NOTICE);
    },
  };
  // The buttons are rendered once; they call whatever the latest render's handlers are.
  const onCreateOrder = useEffectEvent(() => handlers.createOrder());
  const onApprove = useEffectEvent((...args: Parameters<PayPalButtonsOptions['onApprove']>) =>
    handlers.onApprove(...args),
  );
  const onError = useEffectEvent((error: unknown) => handlers.onError(error));

  const paypal = script === 'ready' ? window.paypal : undefined;
  useEffect(() => {
    const element = container.current;
    if (!paypal || !element) return;
    const buttons = paypal.Buttons({
      createOrder: () => onCreateOrder(),
      onApprove: (data, actions) => onApprove(data, actions),
      onError: (error) => onError(error),
    });
    buttons.render(element).catch((error: unknown) => console.error('Could not show the PayPal buttons', error));
    return () => {
      buttons.close?.().catch(() => undefined);
      element.replaceChildren();
    };
  }, [paypal]);

  const unavailable = script === 'error' || (script === 'ready' && !paypal);
  return (
    <div className="paypal">
      {script === 'loading' && <p className="payment__hint">Loading PayPal…</p>}
      {unavailable && (
        <p className="payment__hint" role="alert">
          PayPal could not be loaded. Check your connection, then reload the page.
        </p>
      )}
      <div ref={container} className="paypal__buttons" />
      <div aria-live="polite" className="paypal__live">
        {notice && <p className={`payment__notice payment__notice--${notice.kind}`}>{notice.text}</p>}
      </div>
    </div>
  );
}
