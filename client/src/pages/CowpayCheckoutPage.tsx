import { Link, useLocation, useParams } from 'react-router-dom';
import { usePricingQuery } from '../__generated__/hooks';
import { Spinner } from '../components/Spinner';
import { usePageHead } from '../hooks/usePageHead';
import { readGraphQLFailure } from '../lib/graphqlFailure';
import { SANDBOX_NOTICE } from './dashboard/payments/paymentMethods';
import '../styles/payments.css';

/** The spec's card frame height. */
const FRAME_HEIGHT = 1200;

/** The card provider's checkout frame for this payment: its frame code and intention fill the frame URL. */
export function cowpayFrameSrc(template: string, frameCode: string, intention: string): string {
  return template
    .replaceAll('{frameCode}', encodeURIComponent(frameCode))
    .replaceAll('{intention}', encodeURIComponent(intention));
}

/** /cowpay/checkout/{fram_code}/{intension}: the card payment form of the provider, inside the site. */
export default function CowpayCheckoutPage() {
  usePageHead(useLocation().pathname);
  const { framCode = '', intension = '' } = useParams();
  const { data, loading, error } = usePricingQuery();
  const pricing = data?.pricing;

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
          <iframe
            className="checkout__frame"
            src={cowpayFrameSrc(pricing.cowpayFrameUrl, framCode, intension)}
            title="Card payment form"
            width="100%"
            height={FRAME_HEIGHT}
          />
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
