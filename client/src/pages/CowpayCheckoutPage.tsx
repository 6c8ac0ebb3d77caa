import { useEffect, useRef, useState } from 'react';
import { defineMessage, defineMessages, FormattedMessage, useIntl, type MessageDescriptor } from 'react-intl';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import type { CardCheckoutStatus } from '../__generated__/graphql';
import { useCardCheckoutQuery, usePricingQuery } from '../__generated__/hooks';
import { Spinner } from '../components/Spinner';
import { usePageHead } from '../hooks/usePageHead';
import { useLocale } from '../i18n/LocaleProvider';
import { readGraphQLFailure } from '../lib/graphqlFailure';
import { SANDBOX_NOTICE, TEST_PAYMENTS_NOTICE } from './dashboard/payments/paymentMethods';
import '../styles/payments.css';

/*
 * Cowpay's card frame, loaded the way Cowpay's own plugin loads it: the page Cowpay serves for the iframe token,
 * `{host}/api/v1/iframe/load/{token}` (Cowpay's WooCommerce plugin, github.com/cowpay-me/woocommerce,
 * includes/rest_api/class-woo-cowpay-api.php `get_checkout_url`). The server gives its address without the token
 * (`pricing.cowpayFrameUrl`). Cowpay publishes no loader script of its own for it (an integration's
 * `/js/plugins/CCIframePlugin.js` was used before; no Cowpay-owned copy or reference to it was found).
 */

/** The spec's card frame height. */
export const FRAME_HEIGHT = 1200;
/** The element the card frame sits in. */
export const CONTAINER_ID = 'cowpay-iframe-container';
const FRAME_TITLE = defineMessage({ id: 'checkout.frameTitle', defaultMessage: 'Card payment form' });
/**
 * How long the card frame may take to load before the page offers to try again. Cowpay's form is a few hundred
 * kilobytes; on a slow phone connection 20 seconds is long past what it should take.
 */
export const FRAME_TIMEOUT_MS = 20_000;

/**
 * What the page says for a link whose checkout can no longer be paid: the frame would show only Cowpay's error
 * page (or the browser's broken-frame icon), 1200px high. Each says what happened and the way on.
 */
const LINK_INVALID = defineMessage({
  id: 'checkout.closed.invalid',
  defaultMessage: 'This card payment link is no longer valid.',
});

export const CLOSED_CHECKOUTS: Record<
  Exclude<CardCheckoutStatus, 'OPEN'>,
  { title: MessageDescriptor; detail: MessageDescriptor }
> = {
  PAID: defineMessages({
    title: { id: 'checkout.closed.paid', defaultMessage: 'This card payment has already been made.' },
    detail: {
      id: 'checkout.closed.paidDetail',
      defaultMessage: 'There is nothing more to pay with this link. Your payments are listed under Account Details.',
    },
  }),
  EXPIRED: {
    title: LINK_INVALID,
    detail: defineMessage({
      id: 'checkout.closed.expiredDetail',
      defaultMessage:
        'Its payment form expired before the payment was made, so nothing was charged. To pay, start a new card payment from Activate Device.',
    }),
  },
  FAILED: {
    title: LINK_INVALID,
    detail: defineMessage({
      id: 'checkout.closed.failedDetail',
      defaultMessage:
        'Its card payment failed, so nothing was charged. To pay, start a new card payment from Activate Device.',
    }),
  },
  UNKNOWN: {
    title: LINK_INVALID,
    detail: defineMessage({
      id: 'checkout.closed.unknownDetail',
      defaultMessage:
        'It may be incomplete or mistyped. To pay, start a new card payment from Activate Device (sign in first if asked).',
    }),
  },
};

/** What the page says when the frame reports an order status other than PAID. */
const OUTCOMES: Record<string, MessageDescriptor> = defineMessages({
  FAILED: {
    id: 'checkout.outcome.failed',
    defaultMessage: 'The card payment failed and nothing was charged. You can start again with another card.',
  },
  EXPIRED: {
    id: 'checkout.outcome.expired',
    defaultMessage: 'The payment form expired before the payment was made. Nothing was charged; you can start again.',
  },
  UNPAID: {
    id: 'checkout.outcome.unpaid',
    defaultMessage: 'The payment was not completed, so nothing was charged. You can start again.',
  },
});

const TRY_AGAIN = defineMessage({ id: 'checkout.tryAgain', defaultMessage: 'Try again' });

const LOADING_FORM = defineMessage({ id: 'checkout.loading', defaultMessage: 'Loading the payment form…' });

/**
 * True when a message comes from the card frame in the container, or from a frame inside it (a bank's 3-D
 * Secure page): other windows cannot move this page on.
 */
function fromCardFrame(source: MessageEventSource | null, container: HTMLElement | null): boolean {
  if (!source || !container) return false;
  const frames = Array.from(container.querySelectorAll('iframe')).map((frame) => frame.contentWindow);
  let current = source as Window;
  for (let depth = 0; depth < 5 && current; depth += 1) {
    if (frames.includes(current)) return true;
    if (current.parent === current) return false;
    current = current.parent;
  }
  return false;
}

/**
 * /cowpay/checkout/{fram_code}/{intension}: Cowpay's card form for this payment, inside the site. The server is asked
 * first whether the link's checkout is still open: a link already paid, failed, expired or not ours gets a message
 * and a way on instead of a frame.
 */
export default function CowpayCheckoutPage() {
  usePageHead(useLocation().pathname);
  const intl = useIntl();
  const { text } = useLocale();
  const { framCode = '', intension = '' } = useParams();
  // Asked on every visit: Back after paying must not find the link open in the cache.
  const checkout = useCardCheckoutQuery({
    variables: { input: { frameCode: framCode, token: intension } },
    fetchPolicy: 'network-only',
  });
  // Each try again starts the card form afresh (its script, Cowpay's two calls), after asking the server again.
  const [attempt, setAttempt] = useState(0);
  const retry = () => {
    setAttempt((n) => n + 1);
    checkout.refetch().catch(() => undefined);
  };
  const status = checkout.data?.cardCheckout.status;
  const closed = status && status !== 'OPEN' ? CLOSED_CHECKOUTS[status] : null;
  const failure = readGraphQLFailure(checkout.error).message;

  return (
    <section className="checkout" aria-labelledby="checkout-title">
      <h1 id="checkout-title" className="checkout__title">
        <FormattedMessage id="checkout.title" defaultMessage="Card payment" />
      </h1>
      {status === 'OPEN' ? (
        <CardForm key={attempt} token={intension} onRetry={retry} />
      ) : closed ? (
        <div className="checkout__closed" role="alert">
          <p className="checkout__closed-title">{intl.formatMessage(closed.title)}</p>
          <p>{intl.formatMessage(closed.detail)}</p>
        </div>
      ) : checkout.loading ? (
        <Spinner label={intl.formatMessage(LOADING_FORM)} />
      ) : (
        <div className="checkout__problem" role="alert">
          <p>
            <FormattedMessage id="checkout.checkFailed" defaultMessage="Could not check this card payment link." />
          </p>
          <p>
            {failure ? (
              text(failure)
            ) : (
              <FormattedMessage id="checkout.checkConnection" defaultMessage="Check your connection, then try again." />
            )}
          </p>
          <button type="button" className="button button--primary checkout__retry" onClick={retry}>
            <FormattedMessage {...TRY_AGAIN} />
          </button>
        </div>
      )}
      <p className="checkout__links">
        {status === 'PAID' ? (
          <Link className="button button--primary" to="/dashboard/account">
            <FormattedMessage id="checkout.toAccount" defaultMessage="Go to Account Details" />
          </Link>
        ) : (
          <Link className={closed ? 'button button--primary' : undefined} to="/dashboard/active-device">
            <FormattedMessage id="checkout.backToActivate" defaultMessage="Back to Activate Device" />
          </Link>
        )}
      </p>
    </section>
  );
}

/** Cowpay's card frame for an open checkout's token, with what the frame tells the page. */
function CardForm({ token: intension, onRetry }: { token: string; onRetry: () => void }) {
  const navigate = useNavigate();
  const intl = useIntl();
  const { text } = useLocale();
  const { data, loading, error } = usePricingQuery();
  const pricing = data?.pricing;
  const container = useRef<HTMLDivElement>(null);
  const [outcome, setOutcome] = useState<MessageDescriptor | null>(null);
  // Whether the card frame has loaded; 'slow' once FRAME_TIMEOUT_MS passed without it.
  const [frameState, setFrameState] = useState<'waiting' | 'loaded' | 'slow'>('waiting');
  const frameUrl = pricing ? `${pricing.cowpayFrameUrl}${encodeURIComponent(intension)}` : null;

  // A frame that never arrives (a connection lost on the way) must not leave an empty box for good.
  useEffect(() => {
    if (!frameUrl) return;
    const timer = setTimeout(() => setFrameState((now) => (now === 'loaded' ? now : 'slow')), FRAME_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [frameUrl]);

  // What the frame tells the page. The payment itself is decided by Cowpay's signed server callback; this only
  // moves the owner on: to the dashboard once paid, or says why nothing was charged.
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      const message = event.data as { message_source?: unknown; payment_status?: unknown } | null;
      if (!message || typeof message !== 'object' || message.message_source !== 'cowpay') return;
      if (!fromCardFrame(event.source, container.current)) return;
      const status = typeof message.payment_status === 'string' ? message.payment_status : '';
      if (status === 'PAID') navigate('/cowpayReturnUrl', { replace: true });
      else if (OUTCOMES[status]) setOutcome(OUTCOMES[status]);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [navigate]);

  const failed =
    frameState === 'slow'
      ? intl.formatMessage(
          defineMessage({
            id: 'checkout.slow',
            defaultMessage: 'Cowpay’s payment form is taking too long to load. Check your connection, then try again.',
          }),
        )
      : null;
  const pricingFailure = readGraphQLFailure(error).message;

  return (
    <>
      {pricing && frameUrl ? (
        <>
          <p className="checkout__intro">
            <FormattedMessage
              id="checkout.intro"
              defaultMessage="Enter your card details below. When the payment is done you come back to your dashboard."
            />
          </p>
          {pricing.testPayments && (
            <p className="payment__sandbox" role="note">
              <FormattedMessage {...TEST_PAYMENTS_NOTICE} />
            </p>
          )}
          {pricing.sandboxMethods.includes('COWPAY') && (
            <p className="payment__sandbox" role="note">
              <FormattedMessage {...SANDBOX_NOTICE} />
            </p>
          )}
          {outcome && <p role="alert">{intl.formatMessage(outcome)}</p>}
          {failed && (
            <div className="checkout__problem" role="alert">
              <p>{failed}</p>
              <button type="button" className="button button--primary checkout__retry" onClick={onRetry}>
                <FormattedMessage {...TRY_AGAIN} />
              </button>
            </div>
          )}
          {frameState === 'waiting' && <Spinner label={intl.formatMessage(LOADING_FORM)} />}
          {/* Out of sight while failed: a frame that did not load shows only the browser's broken-page icon. */}
          <div id={CONTAINER_ID} ref={container} hidden={Boolean(failed)}>
            <iframe
              className="checkout__frame"
              src={frameUrl}
              title={intl.formatMessage(FRAME_TITLE)}
              height={FRAME_HEIGHT}
              style={{ height: `${FRAME_HEIGHT}px`, width: '100%' }}
              onLoad={() => setFrameState('loaded')}
            />
          </div>
        </>
      ) : loading ? (
        <Spinner label={intl.formatMessage(LOADING_FORM)} />
      ) : (
        <div className="checkout__problem" role="alert">
          <p>
            <FormattedMessage id="checkout.formFailed" defaultMessage="Could not load the payment form." />
          </p>
          <p>
            {pricingFailure ? (
              text(pricingFailure)
            ) : (
              <FormattedMessage
                id="checkout.reloadConnection"
                defaultMessage="Check your connection, then reload the page."
              />
            )}
          </p>
          <button type="button" className="button button--primary checkout__retry" onClick={onRetry}>
            <FormattedMessage {...TRY_AGAIN} />
          </button>
        </div>
      )}
    </>
  );
}
