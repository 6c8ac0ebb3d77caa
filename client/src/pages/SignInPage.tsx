import { useCallback, useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { messages } from '../../../common/messages';
import { loginSchema } from '../../../common/validation';
import type { LoginInput, LoginValues } from '../../../common/validation';
import { useCaptchaLazyQuery, useCurrentDeviceQuery, useLoginMutation } from '../__generated__/hooks';
import { FormMacAddressField } from '../components/MacAddressField';
import { TextField } from '../components/TextField';
import { useUser } from '../hooks/useUser';
import { usePageHead } from '../hooks/usePageHead';
import { alertError, notifySuccess } from '../lib/alerts';
import { readGraphQLFailure } from '../lib/graphqlFailure';
import type { PaymentFlash } from './PaymentReturnPage';
import '../styles/sign-in.css';

const EMPTY_FORM: LoginInput = { macAddress: '', deviceKey: '', captcha: '', captchaToken: '' };

/**
 * Where to go once signed in: the dashboard, or the page that sent the owner here (`?next=`, or the header's
 * ACTIVATE DEVICE link's state), which may only be the link page (a TV's code kept) or Activate Device, so
 * neither can send anyone elsewhere.
 */
function afterSignIn(next: unknown): string {
  if (typeof next !== 'string') return '/dashboard';
  if (/^\/link(\?code=[A-Za-z0-9%-]{1,40})?$/.test(next) || next === '/dashboard/active-device') return next;
  return '/dashboard';
}

function loginErrorMessage(error: unknown): string {
  return readGraphQLFailure(error).message ?? messages.login.failedFallback;
}

export default function SignInPage() {
  usePageHead('/device/login');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const location = useLocation();
  const state = location.state as { next?: unknown; flash?: PaymentFlash } | null;
  const next = afterSignIn(params.get('next') ?? state?.next);
  // The session ended while the owner was paying: say what became of the payment, and show it again after.
  const flash = state?.flash;
  const { login } = useUser();
  const [loginFailed, setLoginFailed] = useState(false);
  const [showKey, setShowKey] = useState(false);

  const { data: sessionData } = useCurrentDeviceQuery({ fetchPolicy: 'network-only' });
  const [loadCaptcha, { data: captchaData }] = useCaptchaLazyQuery({ fetchPolicy: 'network-only' });
  const [loginMutation] = useLoginMutation();

  const {
    control,
    handleSubmit,
    setValue,
    clearErrors,
    formState: { errors, isSubmitting },
  } = useForm<LoginInput, unknown, LoginValues>({
    resolver: zodResolver(loginSchema),
    defaultValues: EMPTY_FORM,
    // Errors appear on submit only; a field's error then hides as soon as that field changes.
    reValidateMode: 'onSubmit',
  });

  const signedInDevice = sessionData?.currentDevice;
  useEffect(() => {
    if (signedInDevice) void navigate(next, { replace: true });
  }, [signedInDevice, navigate, next]);

  // A captcha that did not load says so, with a way to try again (not 'Loading captcha…' for ever).
  const [captchaFailed, setCaptchaFailed] = useState(false);
  const refreshCaptcha = useCallback(() => {
    loadCaptcha()
      .then((result) => {
        if (!result.error) return;
        console.error('Could not load a captcha', result.error);
        setCaptchaFailed(true);
      })
      .catch((error: unknown) => {
        // Leaving the page cancels the request; that is not a failure.
        if (error instanceof DOMException && error.name === 'AbortError') return;
        console.error('Could not load a captcha', error);
        setCaptchaFailed(true);
      });
  }, [loadCaptcha]);

  useEffect(() => {
    refreshCaptcha();
  }, [refreshCaptcha]);

  const captcha = captchaData?.captcha;
  useEffect(() => {
    if (!captcha) return;
    setValue('captchaToken', captcha.token);
    clearErrors('captchaToken');
  }, [captcha, setValue, clearErrors]);

  function newCaptcha() {
    setValue('captcha', '');
    setCaptchaFailed(false);
    refreshCaptcha();
  }

  async function onSubmit(values: LoginValues) {
    setLoginFailed(false);
    try {
      const { data } = await loginMutation({
        variables: {
          input: {
            macAddress: values.macAddress,
            deviceKey: values.deviceKey,
            captcha: values.captcha,
            captchaToken: values.captchaToken,
          },
        },
      });
      if (!data) throw new Error('The login answer carried no data');
      login(data.login.device);
      notifySuccess(data.login.message);
      void navigate(next, flash ? { state: { flash } } : undefined);
    } catch (error) {
      setLoginFailed(true);
      alertError(messages.login.failedTitle, loginErrorMessage(error));
      // A captcha answers one attempt only.
      newCaptcha();
    }
  }

  const captchaError = errors.captcha?.message ?? errors.captchaToken?.message;

  return (
    <section className="sign-in">
      <header className="sign-in__intro">
        <h1>Manage Your Playlist</h1>
        <p>Do It Simply Wherever You Go</p>
      </header>

      <div className="sign-in__card">
        <h2 className="sign-in__title">Login to add your playlist</h2>

        {flash && (
          <div className="sign-in__notice" role="status">
            Your session ended during the payment. {flash.message.replace(/\.$/, '')}. Sign in to see your device.
          </div>
        )}

        {loginFailed && (
          <div className="sign-in__banner" role="alert">
            {messages.login.banner}
          </div>
        )}

        <form className="sign-in__form" noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
          <FormMacAddressField
            control={control}
            id="mac_address"
            label="MAC Address"
            onEdit={() => clearErrors('macAddress')}
          />

          <Controller
            control={control}
            name="deviceKey"
            render={({ field }) => (
              <TextField
                id="device_key"
                name="device_key"
                label="Device Key"
                error={errors.deviceKey?.message}
                type={showKey ? 'text' : 'password'}
                inputMode="numeric"
                maxLength={6}
                autoComplete="off"
                placeholder="6 digits"
                ref={field.ref}
                value={field.value}
                onBlur={field.onBlur}
                onChange={(event) => {
                  field.onChange(event.target.value);
                  clearErrors('deviceKey');
                }}
                action={
                  <button
                    type="button"
                    className="field__action"
                    aria-pressed={showKey}
                    onClick={() => setShowKey((shown) => !shown)}
                  >
                    {showKey ? 'Hide' : 'Show'}
                    <span className="visually-hidden"> device key</span>
                  </button>
                }
              />
            )}
          />

          <div className="captcha">
            <div className="captcha__image" aria-live="polite">
              {captcha ? (
                <img src={'data:image/svg+xml;charset=utf-8,' + encodeURIComponent(captcha.svg)} alt="Captcha" />
              ) : captchaFailed ? (
                <span className="captcha__placeholder captcha__placeholder--failed" role="alert">
                  Could not load the captcha.{' '}
                  <button type="button" className="captcha__retry" onClick={newCaptcha}>
                    Try again
                  </button>
                </span>
              ) : (
                <span className="captcha__placeholder">Loading captcha…</span>
              )}
            </div>
            <button type="button" className="captcha__refresh" aria-label="New captcha" onClick={newCaptcha}>
              <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
                <path
                  fill="currentColor"
                  d="M17.65 6.35A7.96 7.96 0 0 0 12 4a8 8 0 1 0 7.73 10h-2.08A6 6 0 1 1 12 6c1.66 0 3.14.69 4.22 1.78L13 11h7V4l-2.35 2.35z"
                />
              </svg>
            </button>
          </div>

          <Controller
            control={control}
            name="captcha"
            render={({ field }) => (
              <TextField
                id="captcha"
                name="captcha"
                label="Captcha"
                error={captchaError}
                type="text"
                autoComplete="off"
                autoCapitalize="characters"
                autoCorrect="off"
                spellCheck={false}
                maxLength={12}
                placeholder="Type the characters above"
                ref={field.ref}
                value={field.value}
                onBlur={field.onBlur}
                onChange={(event) => {
                  field.onChange(event.target.value);
                  clearErrors(['captcha', 'captchaToken']);
                }}
              />
            )}
          />

          <button
            type="submit"
            className="button button--primary sign-in__submit"
            disabled={isSubmitting}
            aria-busy={isSubmitting}
          >
            Login
          </button>
        </form>
      </div>
    </section>
  );
}
