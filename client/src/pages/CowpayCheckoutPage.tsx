import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { usePricingQuery } from '../__generated__/hooks';
import { Spinner } from '../components/Spinner';
import { useExternalScript } from '../hooks/useExternalScript';
import { usePageHead } from '../hooks/usePageHead';
import { readGraphQLFailure } from '../lib/graphqlFailure';
import { SANDBOX_NOTICE } from './dashboard/payments/paymentMethods';
import '../styles/payments.css';

/**
 * Cowpay's iframe plugin, as Cowpay documents its use (docs.cowpay.me/api/iframe, "Using Iframe"): a
 * `<div id="cowpay-iframe-container">` on the page, then `COWPAYIFRAMEDIALOG.init()` and
 * `COWPAYIFRAMEDIALOG.load(token)` with the token of the server's iframe token request.
 */
interface CowpayIframeDialog {
  init(): void;
  load(token: string): void;
}

declare global {
  interface Window {
    COWPAYIFRAMEDIALOG?: CowpayIframeDialog;
  }
}

/** The spec's card frame height. */
export const FRAME_HEIGHT = 1200;
/** The element Cowpay's plugin puts its frame in. */
export const CONTAINER_ID = 'cowpay-iframe-container';
const FRAME_TITLE = 'Card payment form';

/** What the page says when the frame reports an order status other than PAID. */
const OUTCOMES: Record<string, string> = {
  FAILED: 'The card payment failed and nothing was charged. You can start again with another card.',
  EXPIRED: 'The payment form expired before the payment was made. Nothing was charged; you can start again.',
  UNPAID: 'The payment was not completed, so nothing was charged. You can start again.',
};

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

/** /cowpay/checkout/{fram_code}/{intension}: Cowpay's card form for this payment, inside the site. */
export default function CowpayCheckoutPage() {
  usePageHead(useLocation().pathname);
  const { intension = '' } = useParams();
  const navigate = useNavigate();
  const { data, loading, error } = usePricingQuery();
  const pricing = data?.pricing;
  const script = useExternalScript(pricing?.cowpayFrameUrl ?? '');
  const container = useRef<HTMLDivElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<string | null>(null);

  // The frame the plugin puts in the container: the spec's 1200px, the page's width, a name for screen readers.
  useEffect(() => {
    const box = container.current;
    if (!box) return;
    const fit = () => {
      for (const frame of Array.from(box.querySelectorAll('iframe'))) {
        const element = frame as HTMLIFrameElement;
        if (element.getAttribute('height') !== String(FRAME_HEIGHT))
          element.setAttribute('height', String(FRAME_HEIGHT));
        element.style.height = `${FRAME_HEIGHT}px`;
        element.style.width = '100%';
        element.classList.add('checkout__frame');
        if (element.title !== FRAME_TITLE) element.title = FRAME_TITLE;
      }
    };
    fit();
    const observer = new MutationObserver(fit);
    observer.observe(box, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [pricing]);

  // Once the plugin has loaded: Cowpay's two calls, with this payment's token.
  useEffect(() => {
    if (script !== 'ready' || !container.current) return;
    let current = true;
    // After this render: the plugin works on the container React has just put on the page.
    void Promise.resolve().then(() => {
      if (!current) return;
      const dialog = window.COWPAYIFRAMEDIALOG;
      try {
        if (!dialog || typeof dialog.init !== 'function' || typeof dialog.load !== 'function') {
          throw new Error('COWPAYIFRAMEDIALOG is missing');
        }
        dialog.init();
        dialog.load(intension);
      } catch {
        setProblem("Cowpay's payment form did not start. Reload the page to try again.");
      }
    });
    return () => {
      current = false;
    };
  }, [script, intension]);

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
    script === 'error' ? 'Could not load Cowpay’s payment form. Check your connection, then reload the page.' : problem;

  return (
    <section className="checkout" aria-labelledby="checkout-title">
      <h1 id="checkout-title" className="checkout__title">
        Card payment
      </h1>
      {pricing ? (
        <>
          <p className="checkout__intro">
            Enter your card details below. When the payment is done you come back to your dashboard.
          </p>
          {pricing.sandboxMethods.includes('COWPAY') && (
            <p className="payment__sandbox" role="note">
              {SANDBOX_NOTICE}
            </p>
          )}
          {outcome && <p role="alert">{outcome}</p>}
          {failed && <p role="alert">{failed}</p>}
          {script === 'loading' && <Spinner label="Loading the payment form…" />}
          <div id={CONTAINER_ID} ref={container} />
        </>
      ) : loading ? (
        <Spinner label="Loading the payment form…" />
      ) : (
        <div role="alert">
          <p>Could not load the payment form.</p>
          <p>{readGraphQLFailure(error).message ?? 'Check your connection, then reload the page.'}</p>
        </div>
      )}
      <p>
        <Link to="/dashboard/active-device">Back to Activate Device</Link>
      </p>
    </section>
  );
}
