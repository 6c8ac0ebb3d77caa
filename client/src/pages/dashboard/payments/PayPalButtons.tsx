import { loadScript, type PayPalNamespace, type PayPalScriptOptions } from '@paypal/paypal-js';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { CSP_NONCE_PLACEHOLDER } from '../../../../../common/csp';
import { DEFAULT_LOCALE } from '../../../../../common/i18n';
import { messages } from '../../../../../common/messages';
import { useCapturePayPalOrderMutation, useCreatePayPalOrderMutation } from '../../../__generated__/hooks';
import { useUser } from '../../../hooks/useUser';
import { useLocale } from '../../../i18n/LocaleProvider';
import type { GraphQLFailure } from '../../../lib/graphqlErrors';
import { readGraphQLFailure } from '../../../lib/graphqlFailure';
import { confirmPayAgain } from './lastPayment';
import { useActivationEligibility } from './useActivationEligibility';

/** PayPal's messages stay on screen this long: 5 seconds. */
export const PAYPAL_MESSAGE_MS = 5000;

/**
 * What this page gives PayPal's buttons (the server-side order flow of PayPal's JS SDK v5,
 * developer.paypal.com/sdk/js/reference): PayPal calls createOrder on a click, onApprove once the buyer approved,
 * onError when the flow stops.
 */
export interface PayPalButtonsOptions {
  /** Returns the id of an order created on the server. Throwing stops the flow (PayPal then calls onError). */
  createOrder: () => Promise<string>;
  /** The buyer approved the order: capture it on the server. restart() lets the buyer pick another source. */
  onApprove: (data: { orderID: string }, actions: { restart: () => Promise<void> | void }) => Promise<void>;
  onError: (error: unknown) => void;
}

interface Notice {
  kind: 'success' | 'info' | 'error';
  text: string;
}

type Text = (english: string) => string;

function networkNotice(text: Text): Notice {
  return {
    kind: 'error',
    text: `${text(messages.payment.paypalNetwork)} / ${text(messages.payment.paypalNetworkText)}`,
  };
}

/** A capture PayPal holds (PENDING, e.g. for review): its webhook activates the device later. */
function processingNotice(text: Text): Notice {
  return { kind: 'info', text: `${text(messages.payment.flashProcessing)}. ${text(messages.payment.pending)}.` };
}

/** 'Sorry, your transaction could not be processed. {description} (debug id: {debugId})'. */
function refusedNotice(failure: GraphQLFailure, text: Text, debugLabel: (debugId: string) => string): Notice {
  const { description, debugId } = failure.extensions;
  const parts: string[] = [text(messages.payment.paypalRefused)];
  const reason = typeof description === 'string' && description ? description : failure.message;
  if (reason) parts.push(text(reason));
  if (typeof debugId === 'string' && debugId) parts.push(debugLabel(debugId));
  return { kind: 'error', text: parts.join(' ') };
}

/**
 * The language PayPal's buttons and checkout speak (the SDK's `locale`), for a page language other than English,
 * where PayPal has one: PayPal's locale codes (developer.paypal.com/reference/locale-codes) give Arabic as ar_EG
 * for every Arabic-speaking country. English asks for none, as before: PayPal chooses from the buyer.
 */
const PAYPAL_LOCALES: Record<string, string> = { ar: 'ar_EG' };

export function paypalLocale(locale: string): string | undefined {
  if (locale === DEFAULT_LOCALE) return undefined;
  return PAYPAL_LOCALES[locale];
}

/**
 * This page's Content Security Policy nonce, from the `<meta property="csp-nonce">` the server writes a fresh
 * one into for each page it sends. Read as the element's `nonce` property: browsers hide the attribute's value
 * once the page's CSP has applied (getAttribute then gives '').
 */
export function pageCspNonce(): string | undefined {
  const meta = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]');
  const nonce = meta?.nonce || meta?.getAttribute('nonce');
  // Vite's dev server sends the page as built, with the placeholder (and no CSP): no nonce then.
  return nonce && nonce !== CSP_NONCE_PLACEHOLDER ? nonce : undefined;
}

/**
 * The options for PayPal's loader (@paypal/paypal-js `loadScript`) from the SDK address the server gives
 * (`pricing.paypalSdkUrl`): its base as `sdkBaseUrl` (PayPal's, or the stand-in's in sandbox mode) and its query
 * (client-id, currency, intent) as they are, in their order, so the loader asks for exactly that address. The
 * page's CSP nonce goes along as `dataCspNonce` (PayPal's data-csp-nonce, developer.paypal.com/sdk/js/best-practices):
 * the loader puts it on the SDK's script, and the SDK on the scripts and styles it writes, so they pass the CSP.
 */
export function sdkOptions(
  sdkUrl: string,
  base: string = window.location.href,
  nonce: string | undefined = pageCspNonce(),
  locale?: string,
): PayPalScriptOptions {
  const url = new URL(sdkUrl, base);
  const options: Record<string, string> = { sdkBaseUrl: `${url.origin}${url.pathname}` };
  for (const [key, value] of url.searchParams) options[key === 'client-id' ? 'clientId' : key] = value;
  return {
    ...options,
    clientId: options.clientId ?? '',
    ...(nonce ? { dataCspNonce: nonce } : {}),
    ...(locale && !options.locale ? { locale } : {}),
  };
}

type SdkState = { url: string; status: 'ready'; paypal: PayPalNamespace } | { url: string; status: 'error' };

/** Loads PayPal's SDK with PayPal's own loader; 'loading' until it has, or has failed to. */
function usePayPalSdk(sdkUrl: string): SdkState | { status: 'loading' } {
  const [state, setState] = useState<SdkState | null>(null);
  const locale = paypalLocale(useLocale().locale);
  useEffect(() => {
    let current = true;
    loadScript(sdkOptions(sdkUrl, window.location.href, pageCspNonce(), locale)).then(
      (paypal) => {
        if (current)
          setState(paypal?.Buttons ? { url: sdkUrl, status: 'ready', paypal } : { url: sdkUrl, status: 'error' });
      },
      (error: unknown) => {
        console.error('Could not load PayPal', error);
        if (current) setState({ url: sdkUrl, status: 'error' });
      },
    );
    return () => {
      current = false;
    };
  }, [sdkUrl, locale]);
  return state && state.url === sdkUrl ? state : { status: 'loading' };
}

/**
 * PayPal's own buttons: its SDK opens the checkout, the server creates and captures the order.
 * The MAC check runs before each order; what happens is said under the buttons for 5 seconds: activated, or,
 * when PayPal holds the payment, that it is being processed (the device is activated once PayPal confirms it).
 */
export function PayPalButtons({
  sdkUrl,
  payAgainQuestion = null,
}: {
  sdkUrl: string;
  /**
   * Set when the device was paid for within a day: PayPal's buttons wait behind "Pay again with PayPal", which asks
   * it first (asked on the page, before PayPal's window opens over it). The notices stay as they are.
   */
  payAgainQuestion?: string | null;
}) {
  const sdk = usePayPalSdk(sdkUrl);
  const { text } = useLocale();
  const intl = useIntl();
  const NETWORK_NOTICE = networkNotice(text);
  const container = useRef<HTMLDivElement>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  // The spec's 5 seconds, unless the owner needs longer (WCAG 2.2.1): the message stays while pointed at or focused,
  // and 'Keep this message' keeps it until it is closed.
  const [held, setHeld] = useState(false);
  const [kept, setKept] = useState(false);
  const noticeRef = useRef<HTMLDivElement>(null);
  // True once this attempt said something, so PayPal's own onError does not say it again in other words.
  const reported = useRef(false);
  const { login } = useUser();
  const checkEligibility = useActivationEligibility();
  const [createOrder] = useCreatePayPalOrderMutation();
  const [captureOrder] = useCapturePayPalOrderMutation();
  // The question the owner answered "pay again" to; a newer payment asks again.
  const [payingAgain, setPayingAgain] = useState<string | null>(null);
  const waiting = payAgainQuestion !== null && payingAgain !== payAgainQuestion;

  useEffect(() => {
    if (!notice || held || kept) return;
    const timer = setTimeout(() => setNotice(null), PAYPAL_MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [notice, held, kept]);

  // Said where the owner looks: PayPal's window closes over the page, and the message was below the fold.
  useEffect(() => {
    if (notice) noticeRef.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, [notice]);

  function report(next: Notice) {
    reported.current = true;
    setKept(false);
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
        const reason = text(eligibility.message ?? messages.payment.macCheckFallback);
        report({ kind: 'error', text: reason });
        throw new Error(reason);
      }
      try {
        const { data } = await createOrder();
        if (!data) throw new Error('The PayPal order answer carried no data');
        return data.createPayPalOrder.id;
      } catch (error) {
        const failure = readGraphQLFailure(error);
        report(failure.answered && failure.message ? { kind: 'error', text: text(failure.message) } : NETWORK_NOTICE);
        throw error;
      }
    },
    async onApprove({ orderID }, actions) {
      reported.current = false;
      try {
        const { data } = await captureOrder({ variables: { orderId: orderID } });
        if (!data) throw new Error('The PayPal capture answer carried no data');
        login(data.capturePayPalOrder.device);
        report(
          data.capturePayPalOrder.activation.status === 'PAID'
            ? { kind: 'success', text: text(messages.payment.paypalSuccess) }
            : processingNotice(text),
        );
      } catch (error) {
        const failure = readGraphQLFailure(error);
        // A declined card: PayPal lets the buyer pick another funding source.
        if (failure.code === 'PAYMENT_DECLINED' || failure.extensions.issue === 'INSTRUMENT_DECLINED') {
          report({ kind: 'error', text: text(messages.payment.paypalDeclined) });
          return actions.restart();
        }
        report(
          failure.answered
            ? refusedNotice(failure, text, (debugId) =>
                intl.formatMessage(
                  { id: 'payments.paypal.debugId', defaultMessage: '(debug id: {debugId})' },
                  { debugId },
                ),
              )
            : NETWORK_NOTICE,
        );
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

  const paypal = sdk.status === 'ready' ? sdk.paypal : undefined;
  useEffect(() => {
    const element = container.current;
    if (!paypal?.Buttons || !element) return;
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

  return (
    <div className="paypal">
      {sdk.status === 'loading' && (
        <p className="payment__hint">
          <FormattedMessage id="payments.paypal.loading" defaultMessage="Loading PayPal…" />
        </p>
      )}
      {sdk.status === 'error' && (
        <p className="payment__hint" role="alert">
          <FormattedMessage
            id="payments.paypal.loadFailed"
            defaultMessage="PayPal could not be loaded. Check your connection, then reload the page."
          />
        </p>
      )}
      {waiting && sdk.status === 'ready' && (
        <button
          type="button"
          className="button button--ghost paypal__again"
          onClick={() => {
            void confirmPayAgain(payAgainQuestion, intl).then((again) => {
              if (again) setPayingAgain(payAgainQuestion);
            });
          }}
        >
          <FormattedMessage id="payments.payAgain.paypal" defaultMessage="Pay again with PayPal" />
        </button>
      )}
      {/* Kept rendered while hidden: PayPal's buttons are drawn once, and the notices below stay. */}
      <div ref={container} className="paypal__buttons" hidden={waiting} />
      <div
        ref={noticeRef}
        aria-live="polite"
        className="paypal__live"
        onPointerEnter={() => setHeld(true)}
        onPointerLeave={() => setHeld(false)}
        onFocus={() => setHeld(true)}
        onBlur={() => setHeld(false)}
      >
        {notice && (
          <div className={`payment__notice payment__notice--${notice.kind}`}>
            <p>{notice.text}</p>
            <button
              type="button"
              className="payment__notice-action"
              onClick={() => {
                if (kept) setNotice(null);
                setKept(!kept);
              }}
            >
              {kept ? (
                <FormattedMessage id="payments.paypal.close" defaultMessage="Close" />
              ) : (
                <FormattedMessage id="payments.paypal.keep" defaultMessage="Keep this message" />
              )}
            </button>
          </div>
        )}
      </div>
    </div>
  );
}
