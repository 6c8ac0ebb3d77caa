import { useState } from 'react';
import { messages } from '../../../../common/messages';
import type { PaymentMethod, PricingQuery } from '../../__generated__/graphql';
import { usePricingQuery } from '../../__generated__/hooks';
import { Spinner } from '../../components/Spinner';
import { useSignedInDevice } from '../../hooks/useUser';
import { showAlert } from '../../lib/alerts';
import { readGraphQLFailure } from '../../lib/graphqlFailure';
import { pageNavigation } from '../../lib/pageNavigation';
import { DashboardPanel } from './DashboardPanel';
import { CheckoutForm } from './payments/CheckoutForm';
import { PayPalButtons } from './payments/PayPalButtons';
import {
  METHOD_LABELS,
  SANDBOX_NOTICE,
  checkoutMethodOf,
  formatAmount,
  ibostoreLink,
  licenceLength,
  methodCharge,
  standingText,
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

  return (
    <DashboardPanel heading="Activate Device">
      {pricing ? (
        <PaymentChoice pricing={pricing} />
      ) : loading ? (
        <Spinner label="Loading prices…" />
      ) : (
        <div className="payment__unavailable" role="alert">
          <p>Could not load the price and payment methods.</p>
          <p>{readGraphQLFailure(error).message ?? 'Check your connection and try again.'}</p>
          <button
            type="button"
            className="button button--ghost"
            onClick={() => {
              refetch().catch((refetchError: unknown) => console.error('Could not reload the prices', refetchError));
            }}
          >
            Try again
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
  const ibostoreUrl = device ? ibostoreLink(pricing.ibostoreUrl, device.macAddress) : null;

  function choose(next: PaymentMethod) {
    setPicked(next);
    // The spec: choosing ibostore opens its activation page for this MAC straight away.
    if (next === 'IBOSTORE' && ibostoreUrl) pageNavigation.openInNewTab(ibostoreUrl);
  }

  return (
    <div className="payment">
      <div className="payment__summary">
        <p className="payment__price">Price: {pricing.price}€</p>
        <p className="payment__licence">
          Licence: <strong>{licenceLength(pricing.licenceDays)}</strong>
        </p>
        {device && <p className="payment__standing">{standingText(device, pricing.licenceDays)}</p>}
        <p className="payment__hint">
          Your device is activated once the payment is confirmed; this can take up to one hour.
        </p>
      </div>

      {pricing.methods.length === 0 || !method ? (
        <p className="payment__hint">No payment method is available right now. Please try again later.</p>
      ) : (
        <>
          <fieldset className="payment__methods">
            <legend>Payment method</legend>
            <div className="payment__options">
              {pricing.methods.map((option) => (
                <label key={option} className="payment__option">
                  <input
                    type="radio"
                    name="payment-method"
                    value={option}
                    checked={option === method}
                    onChange={() => choose(option)}
                  />
                  <span>{METHOD_LABELS[option]}</span>
                </label>
              ))}
            </div>
          </fieldset>

          {methodCharge(pricing, method) && (
            <p className="payment__method-price">
              {METHOD_LABELS[method]} charges <strong>{methodCharge(pricing, method)}</strong> (the price in its
              account&rsquo;s currency).
            </p>
          )}

          {pricing.sandboxMethods.includes(method) && (
            <p className="payment__sandbox" role="note">
              {SANDBOX_NOTICE}
            </p>
          )}

          <MethodPanel key={method} method={method} pricing={pricing} ibostoreUrl={ibostoreUrl} />
        </>
      )}
    </div>
  );
}

function MethodPanel({
  method,
  pricing,
  ibostoreUrl,
}: {
  method: PaymentMethod;
  pricing: Pricing;
  ibostoreUrl: string | null;
}) {
  const label = METHOD_LABELS[method];
  const checkoutMethod = checkoutMethodOf(method);
  if (checkoutMethod) {
    const charge = methodCharge(pricing, method) ?? formatAmount(pricing.price, pricing.currency);
    return <CheckoutForm method={method} checkoutMethod={checkoutMethod} charge={charge} coins={pricing.coins} />;
  }

  if (method === 'IBOSTORE') {
    return (
      <div className="payment__form">
        <p className="payment__hint">
          ibostore activates this device on its own page, opened in a new tab for your MAC address.
          {ibostoreUrl && (
            <>
              {' '}
              If nothing opened, your browser blocked it:{' '}
              <a href={ibostoreUrl} target="_blank" rel="noopener noreferrer">
                Open the activation page
              </a>
              .
            </>
          )}
        </p>
        <button
          type="button"
          className="button button--primary payment__submit"
          disabled={!ibostoreUrl}
          onClick={() => {
            if (ibostoreUrl) pageNavigation.openInNewTab(ibostoreUrl);
          }}
        >
          Pay with {label}
        </button>
      </div>
    );
  }

  // PayPal is paid through its own buttons; the form's button only says so.
  return (
    <div className="payment__form">
      <form
        noValidate
        aria-label={`Pay with ${label}`}
        onSubmit={(event) => {
          event.preventDefault();
          void showAlert('info', messages.payment.selectPaypal, 'Pay with the PayPal buttons below.');
        }}
      >
        <button type="submit" className="button button--primary payment__submit">
          Pay with {label}
        </button>
      </form>
      {pricing.paypalSdkUrl ? (
        <PayPalButtons sdkUrl={pricing.paypalSdkUrl} />
      ) : (
        <p className="payment__hint">PayPal is not available right now.</p>
      )}
    </div>
  );
}
