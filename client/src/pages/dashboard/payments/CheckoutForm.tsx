import { useMemo, useRef, useState } from 'react';
import { useForm, type UseFormRegisterReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { messages } from '../../../../../common/messages';
import {
  DEFAULT_COUNTRY,
  PAYER_LIMITS,
  paymentFormSchemaFor,
  type CheckoutMethod,
  type PayerDetails,
} from '../../../../../common/payment';
import type { PaymentMethod, StartActivationInput } from '../../../__generated__/graphql';
import { useStartActivationMutation } from '../../../__generated__/hooks';
import { Field, TextField, errorProps } from '../../../components/TextField';
import { alertError, confirmAction } from '../../../lib/alerts';
import { pageNavigation } from '../../../lib/pageNavigation';
import { useSettingsFailure } from '../settingsFailure';
import { METHOD_LABELS, phoneCountries } from './paymentMethods';
import { useActivationEligibility } from './useActivationEligibility';

type PaymentFormSchema = ReturnType<typeof paymentFormSchemaFor>;
type PaymentFormInput = z.input<PaymentFormSchema>;
type PaymentFormField = keyof PaymentFormInput;

const EMPTY_FORM: PaymentFormInput = {
  firstName: '',
  lastName: '',
  email: '',
  country: DEFAULT_COUNTRY,
  phone: '',
  coinType: '',
};

/** The server names the normalised number `phoneNumber`; the form types it into `phone`. */
const SERVER_FIELDS: Record<string, PaymentFormField> = {
  firstName: 'firstName',
  lastName: 'lastName',
  email: 'email',
  phoneNumber: 'phone',
  coinType: 'coinType',
};

/** Only the fields this method uses: opay sends `{ method }` alone. */
function activationInput(method: PaymentMethod, payer: PayerDetails): StartActivationInput {
  const input: StartActivationInput = { method };
  for (const [key, value] of Object.entries(payer) as [keyof PayerDetails, string | null][]) {
    if (value !== null) input[key] = value;
  }
  return input;
}

/**
 * The payer's details for a checkout this site starts (opay, opay1, cowpay, crypto), then the spec's steps:
 * check the MAC, confirm, save the activation, send the browser to the provider.
 */
export function CheckoutForm({
  method,
  checkoutMethod,
  charge,
  coins,
}: {
  method: PaymentMethod;
  checkoutMethod: CheckoutMethod;
  /** What this method charges, written for people: '8.99€' or '499.00 EGP'. */
  charge: string;
  coins: { code: string; name: string }[];
}) {
  const label = METHOD_LABELS[method];
  const schema = useMemo(
    () =>
      paymentFormSchemaFor(
        checkoutMethod,
        coins.map((coin) => coin.code.toUpperCase()),
      ),
    [checkoutMethod, coins],
  );
  const checkEligibility = useActivationEligibility();
  const readFailure = useSettingsFailure();
  const [startActivation] = useStartActivationMutation();
  // Set once the browser is on its way to the provider, so the button stays off while the page unloads.
  const [leaving, setLeaving] = useState(false);
  // isSubmitting reaches the button on the next render; this stops a second submit that comes before it.
  const inFlight = useRef(false);
  const {
    register,
    handleSubmit,
    setError,
    clearErrors,
    formState: { errors, isSubmitting },
  } = useForm<PaymentFormInput, unknown, PayerDetails>({
    resolver: zodResolver(schema),
    defaultValues: EMPTY_FORM,
    // As on the other forms: errors appear on submit and each hides as soon as its field changes.
    reValidateMode: 'onSubmit',
  });
  const busy = isSubmitting || leaving;

  const field = (name: PaymentFormField) => register(name, { onChange: () => clearErrors(name) });

  /** The spec's MAC check. Says why not in a dialog, and answers whether to go on. */
  async function eligible(): Promise<boolean> {
    try {
      const answer = await checkEligibility();
      if (answer.eligible) return true;
      alertError(messages.payment.macCheckTitle, answer.message ?? messages.payment.macCheckFallback);
    } catch (error) {
      alertError(messages.payment.macCheckTitle, readFailure(error).message ?? messages.payment.macCheckFailed);
    }
    return false;
  }

  async function pay(payer: PayerDetails) {
    if (!(await eligible())) return;
    const confirmed = await confirmAction({
      title: 'Confirm payment',
      text: `Pay ${charge} with ${label}? You will be taken to the payment page.`,
      confirmText: 'Continue to payment',
    });
    if (!confirmed) return;
    try {
      const { data } = await startActivation({ variables: { input: activationInput(method, payer) } });
      if (!data) throw new Error('The activation answer carried no data');
      setLeaving(true);
      pageNavigation.redirect(data.startActivation.redirectUrl);
    } catch (error) {
      const failure = readFailure(error);
      const fieldErrors = Object.entries(failure.fieldErrors).flatMap(([name, message]) => {
        const formField = SERVER_FIELDS[name];
        return formField ? [[formField, message] as const] : [];
      });
      if (failure.code === 'BAD_USER_INPUT' && fieldErrors.length > 0) {
        fieldErrors.forEach(([name, message], index) =>
          setError(name, { type: 'server', message }, { shouldFocus: index === 0 }),
        );
        return;
      }
      alertError(
        messages.payment.failedTitle,
        failure.message ? `${messages.payment.failedServer} ${failure.message}` : messages.payment.failedText,
      );
    }
  }

  return (
    <form
      className="payment__form"
      noValidate
      aria-label={`Pay with ${label}`}
      onSubmit={(event) => {
        // One payment at a time: a second press while the first is on its way does nothing.
        if (inFlight.current || leaving) {
          event.preventDefault();
          return;
        }
        inFlight.current = true;
        void handleSubmit(pay)(event).finally(() => {
          inFlight.current = false;
        });
      }}
    >
      {checkoutMethod === 'cowpay' && (
        <>
          <div className="payment__row">
            <TextField
              id="payment-first-name"
              label="First Name"
              error={errors.firstName?.message}
              type="text"
              autoComplete="given-name"
              maxLength={PAYER_LIMITS.name}
              {...field('firstName')}
            />
            <TextField
              id="payment-last-name"
              label="Last Name"
              error={errors.lastName?.message}
              type="text"
              autoComplete="family-name"
              maxLength={PAYER_LIMITS.name}
              {...field('lastName')}
            />
          </div>
          <EmailField error={errors.email?.message} registration={field('email')} />
          <Field id="payment-phone" label="Mobile" error={errors.phone?.message}>
            <div className="payment__phone">
              <label htmlFor="payment-country" className="visually-hidden">
                Country
              </label>
              <select
                id="payment-country"
                autoComplete="tel-country-code"
                {...register('country', { onChange: () => clearErrors('phone') })}
              >
                {phoneCountries().map((country) => (
                  <option key={country.code} value={country.code}>
                    {country.label}
                  </option>
                ))}
              </select>
              <input
                id="payment-phone"
                type="tel"
                inputMode="tel"
                autoComplete="tel-national"
                maxLength={PAYER_LIMITS.phone}
                placeholder="01001234567"
                {...errorProps('payment-phone', errors.phone?.message)}
                {...field('phone')}
              />
            </div>
          </Field>
        </>
      )}

      {checkoutMethod === 'crypto' && (
        <>
          <EmailField error={errors.email?.message} registration={field('email')} />
          <Field id="payment-coin" label="Coin Type" error={errors.coinType?.message}>
            <select id="payment-coin" {...errorProps('payment-coin', errors.coinType?.message)} {...field('coinType')}>
              <option value="">Choose a coin</option>
              {coins.map((coin) => (
                <option key={coin.code} value={coin.code}>
                  {coin.name} ({coin.code})
                </option>
              ))}
            </select>
          </Field>
        </>
      )}

      {(checkoutMethod === 'opay' || checkoutMethod === 'opay1') && (
        <p className="payment__hint">{label} asks for your details on its own payment page.</p>
      )}

      <button type="submit" className="button button--primary payment__submit" disabled={busy} aria-busy={busy}>
        Pay with {label}
      </button>
    </form>
  );
}

function EmailField({ error, registration }: { error: string | undefined; registration: UseFormRegisterReturn }) {
  return (
    <TextField
      id="payment-email"
      label="Email"
      error={error}
      type="email"
      autoComplete="email"
      maxLength={PAYER_LIMITS.email}
      {...registration}
    />
  );
}
