import { type ReactNode, useId, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { DEFAULT_LOCALE } from '../../../../common/i18n';
import { messages } from '../../../../common/messages';
import type { PaymentMethod, PricingQuery } from '../../__generated__/graphql';
import { usePricingQuery } from '../../__generated__/hooks';
import { Spinner } from '../../components/Spinner';
import { SubmitButton } from '../../components/SubmitButton';
import { useKeepClearOfChat } from '../../components/chat/keepClear';
import { useSignedInDevice } from '../../hooks/useUser';
import { showAlert } from '../../lib/alerts';
import { readGraphQLFailure } from '../../lib/graphqlFailure';
import { pageNavigation } from '../../lib/pageNavigation';
import { DashboardPanel } from './DashboardPanel';
import { CheckoutForm } from './payments/CheckoutForm';
import { PayPalButtons } from './payments/PayPalButtons';
import { useLastPayment, type LastPayment } from './payments/lastPayment';
import {
  METHOD_NOTES,
  SANDBOX_NOTICE,
  TEST_PAYMENTS_NOTICE,
  checkoutMethodOf,
  ibostoreLink,
  methodCharge,
  usePaymentText,
} from './payments/paymentMethods';
import '../../styles/payments.css';

type Pricing = NonNullable<PricingQuery['pricing']>;

/**
 * Which method is chosen before the owner picks one: the first that is paid on this page. ibostore is never
 * chosen for them, since choosing it opens another site.
 */
function initialMethod(methods: PaymentMethod[]): PaymentMethod | null {
  return methods.find((method) => method !== 'IBOSTORE') ?? methods[0] ?? null;
}

export default function ActivateDevicePage() {
  const { data, loading, error, refetch } = usePricingQuery();
  const pricing = data?.pricing;
  const intl = useIntl();
  const { text } = usePaymentText();
  const failure = readGraphQLFailure(error).message;

  return (
    <DashboardPanel heading={intl.formatMessage({ id: 'payments.title', defaultMessage: 'Activate Device' })}>
      {pricing ? (
        <PaymentChoice pricing={pricing} />
      ) : loading ? (
        <Spinner label={intl.formatMessage({ id: 'payments.loadingPrices', defaultMessage: 'Loading prices…' })} />
      ) : (
        <div className="payment__unavailable" role="alert">
          <p>
            <FormattedMessage
              id="payments.pricesFailed"
              defaultMessage="Could not load the price and payment methods."
            />
          </p>
          <p>
            {failure ? (
              text(failure)
            ) : (
              <FormattedMessage id="payments.checkConnection" defaultMessage="Check your connection and try again." />
            )}
          </p>
          <button
            type="button"
            className="button button--ghost"
            onClick={() => {
              refetch().catch((refetchError: unknown) => console.error('Could not reload the prices', refetchError));
            }}
          >
            <FormattedMessage id="payments.tryAgain" defaultMessage="Try again" />
          </button>
        </div>
      )}
    </DashboardPanel>
  );
}

function PaymentChoice({ pricing }: { pricing: Pricing }) {
  const device = useSignedInDevice();
  const [picked, setPicked] = useState<PaymentMethod | null>(null);
  const method = picked && pricing.methods.includes(picked) ? picked : initialMethod(pricing.methods);
  // Null when the server has no store address: ibostore is then not among the methods either.
  const ibostoreUrl = device && pricing.ibostoreUrl ? ibostoreLink(pricing.ibostoreUrl, device.macAddress) : null;
  const say = usePaymentText();
  const intl = useIntl();
  const idBase = useId();
  // OPay and OPay 1 side by side say what tells them apart; either alone needs no note.
  const bothOpays = pricing.methods.includes('OPAY') && pricing.methods.includes('OPAY1');
  const lastPayment = useLastPayment();
  const charge = method ? methodCharge(pricing, method, say.money) : null;
  // On a phone the methods' last row arrives where the floating chat buttons sit: they step aside from it.
  const methodsBox = useRef<HTMLFieldSetElement>(null);
  useKeepClearOfChat(methodsBox, !!method);

  function choose(next: PaymentMethod) {
    setPicked(next);
    // The spec: choosing ibostore opens its activation page for this MAC straight away.
    if (next === 'IBOSTORE' && ibostoreUrl) pageNavigation.openInNewTab(ibostoreUrl);
  }

  return (
    <div className="payment">
      <div className="payment__summary">
        <p className="payment__price">
          <FormattedMessage
            id="payments.price"
            defaultMessage="Price: {price}"
            values={{
              price: say.locale === DEFAULT_LOCALE ? `${pricing.price}€` : say.money(pricing.price, pricing.currency),
            }}
          />
        </p>
        <p className="payment__licence">
          <FormattedMessage
            id="payments.licenceLabel"
            defaultMessage="Licence: {length}"
            values={{ length: <strong>{say.licence(pricing.licenceDays)}</strong> }}
          />
        </p>
        {device && <PaidState device={device} lastPayment={lastPayment} />}
        {device && <p className="payment__standing">{say.standing(device, pricing.licenceDays)}</p>}
        <p className="payment__hint">
          <FormattedMessage
            id="payments.activationDelay"
            defaultMessage="Your device is activated once the payment is confirmed; this can take up to one hour."
          />
        </p>
      </div>

      {pricing.testPayments && (
        <p className="payment__sandbox" role="note">
          <FormattedMessage {...TEST_PAYMENTS_NOTICE} />
        </p>
      )}

      {pricing.methods.length === 0 || !method ? (
        <p className="payment__hint">
          <FormattedMessage
            id="payments.noMethods"
            defaultMessage="No payment method is available right now. Please try again later."
          />
        </p>
      ) : (
        <>
          <fieldset ref={methodsBox} className="payment__methods">
            <legend>
              <FormattedMessage id="payments.methodLegend" defaultMessage="Payment method" />
            </legend>
            <div className="payment__options">
              {pricing.methods.map((option) => {
                const note = bothOpays ? METHOD_NOTES[option] : undefined;
                return (
                  <label key={option} className="payment__option">
                    <input
                      type="radio"
                      name="payment-method"
                      value={option}
                      checked={option === method}
                      onChange={() => choose(option)}
                      aria-labelledby={note ? `${idBase}-${option}` : undefined}
                      aria-describedby={note ? `${idBase}-${option}-note` : undefined}
                    />
                    <span className="payment__option-text">
                      <span id={`${idBase}-${option}`}>{say.method(option)}</span>
                      {note && (
                        <small id={`${idBase}-${option}-note`} className="payment__option-note">
                          {intl.formatMessage(note)}
                        </small>
                      )}
                    </span>
                  </label>
                );
              })}
            </div>
          </fieldset>

          {charge && (
            <p className="payment__method-price">
              <FormattedMessage
                id="payments.methodCharge"
                defaultMessage="{method} charges {amount} (the price in its account’s currency)."
                values={{
                  method: say.method(method),
                  amount: (
                    <strong>
                      <bdi>{charge}</bdi>
                    </strong>
                  ),
                }}
              />
            </p>
          )}

          {pricing.sandboxMethods.includes(method) && (
            <p className="payment__sandbox" role="note">
              <FormattedMessage {...SANDBOX_NOTICE} />
            </p>
          )}

          <MethodPanel
            key={method}
            method={method}
            pricing={pricing}
            ibostoreUrl={ibostoreUrl}
            payAgainQuestion={lastPayment.payAgainQuestion}
          />
        </>
      )}
    </div>
  );
}

/** The device's latest payment, while the licence it bought runs: paid, when, and until when. */
function PaidState({
  device,
  lastPayment,
}: {
  device: { status: string; expireDate?: string | null };
  lastPayment: LastPayment;
}) {
  const say = usePaymentText();
  if (!lastPayment.words || device.status !== 'ACTIVE') return null;
  return (
    <p className="payment__notice payment__notice--success payment__paid" role="status">
      {device.expireDate ? (
        <FormattedMessage
          id="payments.paid.until"
          defaultMessage="Paid: {amount} on {date} at {time}. Your device is active until {end}."
          values={{ ...lastPayment.words, end: say.formatDate(device.expireDate) }}
        />
      ) : (
        <FormattedMessage
          id="payments.paid.lifetime"
          defaultMessage="Paid: {amount} on {date} at {time}. Your device has a lifetime licence."
          values={lastPayment.words}
        />
      )}
    </p>
  );
}

function MethodPanel({
  method,
  pricing,
  ibostoreUrl,
  payAgainQuestion,
}: {
  method: PaymentMethod;
  pricing: Pricing;
  ibostoreUrl: string | null;
  /** Asked before paying again when the device was paid for within a day. */
  payAgainQuestion: string | null;
}) {
  const say = usePaymentText();
  const label = say.method(method);
  const payWith = say.intl.formatMessage(
    { id: 'payments.payWith', defaultMessage: 'Pay with {method}' },
    { method: label },
  );
  const ibostoreButton = useRef<HTMLButtonElement>(null);
  useKeepClearOfChat(ibostoreButton);
  const checkoutMethod = checkoutMethodOf(method);
  if (checkoutMethod) {
    const charge = methodCharge(pricing, method, say.money) ?? say.money(pricing.price, pricing.currency);
    return (
      <CheckoutForm
        method={method}
        checkoutMethod={checkoutMethod}
        charge={charge}
        coins={pricing.coins}
        payAgainQuestion={payAgainQuestion}
      />
    );
  }

  if (method === 'IBOSTORE') {
    return (
      <div className="payment__form">
        <p className="payment__hint">
          <FormattedMessage
            id="payments.ibostore.hint"
            defaultMessage="ibostore activates this device on its own page, opened in a new tab for your MAC address."
          />
          {ibostoreUrl && (
            <>
              {' '}
              <FormattedMessage
                id="payments.ibostore.blocked"
                defaultMessage="If nothing opened, your browser blocked it: <link>Open the activation page</link>."
                values={{
                  link: (chunks: ReactNode[]) => (
                    <a href={ibostoreUrl} target="_blank" rel="noopener noreferrer">
                      {chunks}
                    </a>
                  ),
                }}
              />
            </>
          )}
        </p>
        <button
          ref={ibostoreButton}
          type="button"
          className="button button--primary payment__submit"
          disabled={!ibostoreUrl}
          onClick={() => {
            if (ibostoreUrl) pageNavigation.openInNewTab(ibostoreUrl);
          }}
        >
          {payWith}
        </button>
      </div>
    );
  }

  // PayPal is paid through its own buttons; the form's button only says so.
  return (
    <div className="payment__form">
      <form
        noValidate
        aria-label={payWith}
        onSubmit={(event) => {
          event.preventDefault();
          void showAlert(
            'info',
            say.text(messages.payment.selectPaypal),
            say.intl.formatMessage({
              id: 'payments.paypal.useButtons',
              defaultMessage: 'Pay with the PayPal buttons below.',
            }),
          );
        }}
      >
        <SubmitButton busy={false} className="payment__submit">
          {payWith}
        </SubmitButton>
      </form>
      {pricing.paypalSdkUrl ? (
        <PayPalButtons sdkUrl={pricing.paypalSdkUrl} payAgainQuestion={payAgainQuestion} />
      ) : (
        <p className="payment__hint">
          <FormattedMessage id="payments.paypal.unavailable" defaultMessage="PayPal is not available right now." />
        </p>
      )}
    </div>
  );
}
