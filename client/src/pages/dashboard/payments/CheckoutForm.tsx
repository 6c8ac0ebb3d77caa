import { useMemo, useRef, useState } from 'react';
import { useForm, type UseFormRegisterReturn } from 'react-hook-form';
import { FormattedMessage } from 'react-intl';
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
import { SubmitButton } from '../../../components/SubmitButton';
import { alertError, confirmAction } from '../../../lib/alerts';
import { pageNavigation } from '../../../lib/pageNavigation';
import { useSettingsFailure } from '../settingsFailure';
import { confirmPayAgain } from './lastPayment';
import { phoneCountries, usePaymentText } from './paymentMethods';
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
  payAgainQuestion = null,
}: {
  method: PaymentMethod;
  checkoutMethod: CheckoutMethod;
  /** What this method charges, written for people: '8.99€' or '499.00 EGP'. */
  charge: string;
  coins: { code: string; name: string }[];
  /** Asked first when the device was paid for within a day ("You paid 8.99€ on … at …; pay again?"). */
  payAgainQuestion?: string | null;
}) {
  const say = usePaymentText();
  const { intl, text } = say;
  const label = say.method(method);
  const payWith = intl.formatMessage(
    { id: 'payments.payWith', defaultMessage: 'Pay with {method}' },
    { method: label },
  );
  /** A validation message (common/messages.ts) or a server's, in the page's language. */
  const shown = (message: string | undefined) => (message ? text(message) : undefined);
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
      alertError(text(messages.payment.macCheckTitle), text(answer.message ?? messages.payment.macCheckFallback));
    } catch (error) {
      alertError(
        text(messages.payment.macCheckTitle),
        text(readFailure(error).message ?? messages.payment.macCheckFailed),
      );
    }
    return false;
  }

  async function pay(payer: PayerDetails) {
    if (!(await eligible())) return;
    if (payAgainQuestion && !(await confirmPayAgain(payAgainQuestion, intl))) return;
    const confirmed = await confirmAction({
      title: intl.formatMessage({ id: 'payments.confirm.title', defaultMessage: 'Confirm payment' }),
      text: intl.formatMessage(
        {
          id: 'payments.confirm.text',
          defaultMessage: 'Pay {amount} with {method}? You will be taken to the payment page.',
        },
        { amount: charge, method: label },
      ),
      confirmText: intl.formatMessage({ id: 'payments.confirm.continue', defaultMessage: 'Continue to payment' }),
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
          setError(name, { type: 'server', message: text(message) }, { shouldFocus: index === 0 }),
        );
        return;
      }
      alertError(
        text(messages.payment.failedTitle),
        failure.message
          ? `${text(messages.payment.failedServer)} ${text(failure.message)}`
          : text(messages.payment.failedText),
      );
    }
  }

  return (
    <form
      className="payment__form"
      noValidate
      aria-label={payWith}
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
              label={intl.formatMessage({ id: 'payments.form.firstName', defaultMessage: 'First Name' })}
              error={shown(errors.firstName?.message)}
              type="text"
              autoComplete="given-name"
              maxLength={PAYER_LIMITS.name}
              {...field('firstName')}
            />
            <TextField
              id="payment-last-name"
              label={intl.formatMessage({ id: 'payments.form.lastName', defaultMessage: 'Last Name' })}
              error={shown(errors.lastName?.message)}
              type="text"
              autoComplete="family-name"
              maxLength={PAYER_LIMITS.name}
              {...field('lastName')}
            />
          </div>
          <EmailField error={shown(errors.email?.message)} registration={field('email')} />
          <Field
            id="payment-phone"
            label={intl.formatMessage({ id: 'payments.form.mobile', defaultMessage: 'Mobile' })}
            error={shown(errors.phone?.message)}
          >
            <div className="payment__phone">
              <label htmlFor="payment-country" className="visually-hidden">
                <FormattedMessage id="payments.form.country" defaultMessage="Country" />
              </label>
              <select
                id="payment-country"
                autoComplete="tel-country-code"
                {...register('country', { onChange: () => clearErrors('phone') })}
              >
                {phoneCountries(say.locale).map((country) => (
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
                dir="ltr"
                {...errorProps('payment-phone', errors.phone?.message)}
                {...field('phone')}
              />
            </div>
          </Field>
        </>
      )}

      {checkoutMethod === 'crypto' && (
        <>
          <EmailField error={shown(errors.email?.message)} registration={field('email')} />
          <Field
            id="payment-coin"
            label={intl.formatMessage({ id: 'payments.form.coinType', defaultMessage: 'Coin Type' })}
            error={shown(errors.coinType?.message)}
          >
            <select id="payment-coin" {...errorProps('payment-coin', errors.coinType?.message)} {...field('coinType')}>
              <option value="">
                {intl.formatMessage({ id: 'payments.form.chooseCoin', defaultMessage: 'Choose a coin' })}
              </option>
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
        <p className="payment__hint">
          <FormattedMessage
            id="payments.form.providerPage"
            defaultMessage="{method} asks for your details on its own payment page."
            values={{ method: label }}
          />
        </p>
      )}

      <SubmitButton className="payment__submit" busy={busy}>
        {payWith}
      </SubmitButton>
    </form>
  );
}

function EmailField({ error, registration }: { error: string | undefined; registration: UseFormRegisterReturn }) {
  const { intl } = usePaymentText();
  return (
    <TextField
      id="payment-email"
      label={intl.formatMessage({ id: 'payments.form.email', defaultMessage: 'Email' })}
      error={error}
      type="email"
      dir="ltr"
      autoComplete="email"
      maxLength={PAYER_LIMITS.email}
      {...registration}
    />
  );
}
