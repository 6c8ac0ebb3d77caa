import { useCallback, useContext, useEffect, useRef, useState, type FormEvent } from 'react';
import { FormattedMessage, defineMessages, useIntl } from 'react-intl';
import { RevealButton } from '../components/RevealButton';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { messages } from '../../../common/messages';
import { formatTypedMac } from '../../../common/mac';
import { localizePath } from '../../../common/i18n';
import { afterSignIn } from '../../../common/signIn';
import type { LoginValues } from '../../../common/validation';
import type { CurrentDeviceQuery, LoginMutation, LoginMutationVariables } from '../__generated__/graphql';
import { MacAddressField } from '../components/MacAddressField';
import { TextField } from '../components/TextField';
import { SubmitButton } from '../components/SubmitButton';
import { useUser } from '../hooks/useUser';
import { usePageHead } from '../hooks/usePageHead';
import { useLocale } from '../i18n/LocaleProvider';
import { alertError, notifySuccess, useDialogLanguage } from '../lib/alerts';
import { GraphQLResponseError, failureOf } from '../lib/graphqlErrors';
import { graphqlRequest } from '../lib/graphqlRequest';
import { forgetSignInState, signInState } from '../lib/signInState';
import { HandsOverToPortal } from '../lib/handOver';
import operations from './SignInPage.graphql?raw';
import deviceOperations from '../hooks/currentDevice.graphql?raw';
import type { PaymentFlash } from './PaymentReturnPage';
import { CaptchaPicture, useCaptcha } from './signIn/SignInCaptcha';
import { useLoginForm, type FieldErrors, type FieldName } from './signIn/useLoginForm';
import '../styles/sign-in.css';

// The screen's operations as written in its .graphql files (typed by codegen), sent over plain fetch: the screen
// must work before the portal's Apollo Client could arrive.
const DOCUMENT = `${operations}\n${deviceOperations}`;

/** The inputs as the server's form reads them (a post without the page's script): name → form field. */
const INPUT_NAMES = { mac_address: 'macAddress', device_key: 'deviceKey', captcha: 'captcha' } as const;

/**
 * The form's rules (common/validation.ts, the server's own) load when the owner first focuses or sends it: they
 * bring zod (about 15 KB compressed), which a phone need not fetch and parse before the form can be typed into.
 */
const loadRules = () => import('../../../common/validation');

/** Starts loading the rules as soon as the owner is in the form, so sending it does not wait for them. */
function warmRules() {
  void loadRules();
}

/** The form's fields and their inputs, in the order a refused form puts the owner back into the first wrong one. */
const INPUTS: readonly (readonly [FieldName, string])[] = [
  ['macAddress', 'mac_address'],
  ['deviceKey', 'device_key'],
  ['captcha', 'captcha'],
  ['captchaToken', 'captcha'],
];

/** The device key field's Show/Hide button. */
const DEVICE_KEY_REVEAL = defineMessages({
  show: { id: 'signIn.deviceKey.show', defaultMessage: 'Show<hidden> device key</hidden>' },
  hide: { id: 'signIn.deviceKey.hide', defaultMessage: 'Hide<hidden> device key</hidden>' },
});

function loginErrorMessage(error: unknown): string {
  return (error instanceof GraphQLResponseError && failureOf(error.errors).message) || messages.login.failedFallback;
}

export default function SignInPage() {
  usePageHead('/device/login');
  useDialogLanguage();
  const intl = useIntl();
  const { locale, text } = useLocale();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const location = useLocation();
  const state = location.state as { next?: unknown; flash?: PaymentFlash } | null;
  const next = afterSignIn(params.get('next') ?? state?.next);
  // The session ended while the owner was paying: say what became of the payment, and show it again after.
  const flash = state?.flash;
  const { login } = useUser();
  const handsOver = useContext(HandsOverToPortal);
  // What the server sent with the page: its captcha, and after a sign-in posted without script, what failed.
  const [sent] = useState(signInState);
  const [loginFailed, setLoginFailed] = useState(Boolean(sent.error));
  const [showKey, setShowKey] = useState(false);
  const formElement = useRef<HTMLFormElement>(null);

  // Errors appear when the form is sent; a field's error then hides as soon as that field changes.
  const { values, errors, setErrors, setValue, clearErrors } = useLoginForm({
    macAddress: sent.macAddress ?? '',
    deviceKey: '',
    captcha: '',
    captchaToken: sent.captcha?.token ?? '',
  });
  const [isSubmitting, setSubmitting] = useState(false);
  // A second Enter before the button shows busy sends nothing: the captcha answers one attempt only.
  const sending = useRef(false);

  // Keys typed before the page's script ran are in the inputs but not yet in the form's state: take them in.
  useEffect(() => {
    for (const [name, field] of Object.entries(INPUT_NAMES)) {
      const input = formElement.current?.elements.namedItem(name);
      if (!(input instanceof HTMLInputElement) || !input.value) continue;
      // The MAC field's formatting (colons as one types) was not there yet: give the value the field's shape.
      setValue(field, field === 'macAddress' ? formatTypedMac(input.value) : input.value);
    }
  }, [setValue]);

  // A device already signed in goes straight on.
  useEffect(() => {
    let current = true;
    graphqlRequest<CurrentDeviceQuery>(DOCUMENT, 'CurrentDevice')
      .then(({ currentDevice }) => {
        if (current && currentDevice) void navigate(next, { replace: true });
      })
      .catch((error: unknown) => console.warn('Could not check for a session', error));
    return () => {
      current = false;
    };
  }, [navigate, next]);

  // The captcha the server sent answers this page load; leaving the screen uses it up.
  useEffect(() => forgetSignInState, []);

  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const takeToken = useCallback(
    (token: string) => {
      setValue('captchaToken', token);
      clearErrors('captchaToken');
    },
    [setValue, clearErrors],
  );
  const { captcha, failed: captchaFailed, renew } = useCaptcha(sent.captcha, DOCUMENT, takeToken);
  function newCaptcha() {
    setValue('captcha', '');
    renew();
  }

  /** Checks the form by the server's own rules, then signs in; a refused field gets its message and the focus. */
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending.current) return;
    sending.current = true;
    setSubmitting(true);
    try {
      let rules: Awaited<ReturnType<typeof loadRules>>;
      try {
        rules = await loadRules();
      } catch (error) {
        // The rules could not be downloaded (the connection dropped): nothing was sent.
        console.error('Could not load the form’s rules', error);
        alertError(messages.login.failedTitle, messages.login.failedFallback);
        return;
      }
      const checked = rules.loginSchema.safeParse(values);
      if (!checked.success) {
        const found: FieldErrors = {};
        for (const issue of checked.error.issues) {
          const field = issue.path[0] as FieldName;
          // The rules' messages arrive as their English (common/messages.ts): said in the page's language.
          found[field] ??= text(issue.message);
        }
        setErrors(found);
        const first = INPUTS.find(([field]) => found[field]);
        const input = first && formElement.current?.elements.namedItem(first[1]);
        if (input instanceof HTMLElement) input.focus();
        return;
      }
      setErrors({});
      await signIn(checked.data);
    } finally {
      sending.current = false;
      if (mounted.current) setSubmitting(false);
    }
  }

  async function signIn(values: LoginValues) {
    setLoginFailed(false);
    try {
      const data = await graphqlRequest<LoginMutation, LoginMutationVariables>(DOCUMENT, 'Login', {
        input: {
          macAddress: values.macAddress,
          deviceKey: values.deviceKey,
          captcha: values.captcha,
          captchaToken: values.captchaToken,
        },
      });
      login(data.login.device);
      if (handsOver) {
        // The portal's page loads next: it says the welcome (PortalRoot).
        void navigate(next, { state: { flash, signedIn: data.login.message } });
      } else {
        notifySuccess(data.login.message);
        void navigate(next, flash ? { state: { flash } } : undefined);
      }
    } catch (error) {
      setLoginFailed(true);
      alertError(messages.login.failedTitle, loginErrorMessage(error));
      // A captcha answers one attempt only.
      newCaptcha();
    }
  }

  const captchaError = errors.captcha ?? errors.captchaToken;

  return (
    <section className="sign-in">
      <header className="sign-in__intro">
        <h1>
          <FormattedMessage id="signIn.heading" defaultMessage="Manage Your Playlist" />
        </h1>
        <p>
          <FormattedMessage id="signIn.tagline" defaultMessage="Do It Simply Wherever You Go" />
        </p>
      </header>

      <div className="sign-in__card">
        <h2 className="sign-in__title">
          <FormattedMessage id="signIn.title" defaultMessage="Login to add your playlist" />
        </h2>

        {flash && (
          <div className="sign-in__notice" role="status">
            <FormattedMessage
              id="signIn.sessionEndedDuringPayment"
              defaultMessage="Your session ended during the payment. {outcome}. Sign in to see your device."
              values={{ outcome: text(flash.message).replace(/\.$/, '') }}
            />
          </div>
        )}

        {loginFailed && (
          <div className="sign-in__banner" role="alert">
            {text(messages.login.banner)}
          </div>
        )}

        {/* A sign-in posted before the page's script arrived, refused: its reason (otherwise said in a dialog). */}
        {sent.error && (
          <p className="sign-in__notice" role="status">
            {text(messages.login.failedTitle)} {text(sent.error)}
          </p>
        )}

        {/* Also a plain form: sent before the page's script has arrived, the server signs in and goes on. */}
        <form
          ref={formElement}
          className="sign-in__form"
          method="post"
          action={localizePath(locale, '/device/login')}
          noValidate
          onFocus={warmRules}
          onSubmit={(event) => void submit(event)}
        >
          <input type="hidden" name="token" value={captcha?.token ?? ''} />
          <input type="hidden" name="next" value={next} />
          <MacAddressField
            id="mac_address"
            label={intl.formatMessage({ id: 'signIn.macAddress', defaultMessage: 'MAC Address' })}
            error={errors.macAddress}
            value={values.macAddress}
            onValueChange={(value) => {
              setValue('macAddress', value);
              clearErrors('macAddress');
            }}
          />

          <TextField
            id="device_key"
            name="device_key"
            label={intl.formatMessage({ id: 'signIn.deviceKey', defaultMessage: 'Device Key' })}
            error={errors.deviceKey}
            type={showKey ? 'text' : 'password'}
            inputMode="numeric"
            maxLength={6}
            autoComplete="off"
            dir="ltr"
            placeholder={intl.formatMessage({ id: 'signIn.deviceKey.placeholder', defaultMessage: '6 digits' })}
            value={values.deviceKey}
            onChange={(event) => {
              setValue('deviceKey', event.target.value);
              clearErrors('deviceKey');
            }}
            action={
              <RevealButton
                shown={showKey}
                onToggle={() => setShowKey((shown) => !shown)}
                show={DEVICE_KEY_REVEAL.show}
                hide={DEVICE_KEY_REVEAL.hide}
              />
            }
          />

          <CaptchaPicture captcha={captcha} failed={captchaFailed} onNew={newCaptcha} />

          <TextField
            id="captcha"
            name="captcha"
            label={intl.formatMessage({ id: 'signIn.captcha', defaultMessage: 'Captcha' })}
            error={captchaError}
            type="text"
            autoComplete="off"
            autoCapitalize="characters"
            autoCorrect="off"
            spellCheck={false}
            maxLength={12}
            dir="ltr"
            placeholder={intl.formatMessage({
              id: 'signIn.captcha.placeholder',
              defaultMessage: 'Type the characters above',
            })}
            value={values.captcha}
            onChange={(event) => {
              setValue('captcha', event.target.value);
              clearErrors('captcha', 'captchaToken');
            }}
          />

          <SubmitButton className="sign-in__submit" busy={isSubmitting}>
            <FormattedMessage id="signIn.submit" defaultMessage="Login" />
          </SubmitButton>
        </form>
      </div>
    </section>
  );
}
