import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { FormattedMessage, type MessageDescriptor, defineMessages, useIntl } from 'react-intl';
import { DEFAULT_LOCALE } from '../../../common/i18n';
import { messages } from '../../../common/messages';
import type { ContactInput, ContactValues } from '../../../common/validation';
import { useLtr } from '../components/Bidi';
import { keepTogether } from '../i18n/format';
import { FieldError } from '../components/FieldError';
import { SubmitButton } from '../components/SubmitButton';
import { usePageHead } from '../hooks/usePageHead';
import { useLocale } from '../i18n/LocaleProvider';
import { phoneHref } from '../lib/contactLinks';
import { CONFIRM_BUTTON_COLOR } from '../lib/dialogTheme';
import { REQUEST_TIMEOUT_MS } from '../lib/requestTimeout';
import { siteConfig } from '../lib/siteConfig';

const EMPTY_FORM: ContactInput = { name: '', email: '', subject: '', message: '' };

interface Dialog {
  icon: 'success' | 'error';
  title: string;
  text?: string;
}

interface FieldSpec {
  name: keyof ContactInput;
  label: MessageDescriptor;
  type?: 'text' | 'email';
  autoComplete: string;
  placeholder: MessageDescriptor | string;
  multiline?: boolean;
  /** An e-mail address reads left to right in every language. */
  ltr?: boolean;
}

const TEXTS = defineMessages({
  name: { id: 'contact.name', defaultMessage: 'Name' },
  namePlaceholder: { id: 'contact.namePlaceholder', defaultMessage: 'Your name' },
  email: { id: 'contact.email', defaultMessage: 'Email' },
  subject: { id: 'contact.subject', defaultMessage: 'Subject' },
  subjectPlaceholder: { id: 'contact.subjectPlaceholder', defaultMessage: 'What is it about?' },
  message: { id: 'contact.message', defaultMessage: 'Message' },
  messagePlaceholder: { id: 'contact.messagePlaceholder', defaultMessage: 'How can we help you?' },
  ok: { id: 'contact.dialog.ok', defaultMessage: 'OK' },
});

const FIELDS: readonly FieldSpec[] = [
  { name: 'name', label: TEXTS.name, type: 'text', autoComplete: 'name', placeholder: TEXTS.namePlaceholder },
  {
    name: 'email',
    label: TEXTS.email,
    type: 'email',
    autoComplete: 'email',
    placeholder: 'you@example.com',
    ltr: true,
  },
  { name: 'subject', label: TEXTS.subject, type: 'text', autoComplete: 'off', placeholder: TEXTS.subjectPlaceholder },
  {
    name: 'message',
    label: TEXTS.message,
    autoComplete: 'off',
    placeholder: TEXTS.messagePlaceholder,
    multiline: true,
  },
];

/**
 * The form's rules (common/validation.ts, the server's own) load when the visitor starts on the form, not with
 * the page: with zod and the phone-number rules they weigh more than the rest of the page's script, and a
 * phone that only reads the page need not fetch or parse them.
 */
function loadRules() {
  return Promise.all([import('@hookform/resolvers/zod'), import('../../../common/validation')]);
}

const contactResolver: Resolver<ContactInput, unknown, ContactValues> = async (values, context, options) => {
  const [{ zodResolver }, { contactSchema }] = await loadRules();
  return zodResolver(contactSchema)(values, context, options);
};

/**
 * sweetalert2 is only needed once a message is on its way, so it loads then, alongside the request, and stays out
 * of the first download.
 */
function loadDialogs(confirmButtonText?: string): Promise<(dialog: Dialog) => void> {
  return import('sweetalert2').then(
    ({ default: Swal }) =>
      (dialog: Dialog) =>
        // English keeps the dialog's own 'OK'; another language names the button in its words.
        void Swal.fire({
          ...dialog,
          confirmButtonColor: CONFIRM_BUTTON_COLOR,
          ...(confirmButtonText ? { confirmButtonText } : {}),
        }),
    // A dialog module that fails to download must not leave the visitor guessing whether the message went.
    () => (dialog: Dialog) => window.alert([dialog.title, dialog.text].filter(Boolean).join('\n\n')),
  );
}

/** What became of a message: the answer's status and the server's own explanation of a refusal, if it sent one. */
interface Outcome {
  status: number;
  message?: string;
}

/** The server's explanation of a refusal (its rate-limit text, for one), when it sent one. */
async function serverMessage(response: Response): Promise<string | undefined> {
  try {
    const body: unknown = await response.json();
    if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string') {
      return body.message.trim() || undefined;
    }
  } catch {
    // Not JSON (a proxy's error page), or the answer stalled halfway: the generic title says enough.
  }
  return undefined;
}

/**
 * Sends the message and reads the answer within REQUEST_TIMEOUT_MS. Undefined when no answer came: offline, the
 * server unreachable, or a connection that stalled (the request is then aborted, so a late answer changes nothing).
 */
async function sendMessage(values: ContactValues, locale: string): Promise<Outcome | undefined> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
  try {
    const response = await fetch('/frontend/sendUserQuestion', {
      method: 'POST',
      // The page's language, which the server says its refusals in (the browser's own may be another).
      headers: { 'content-type': 'application/json', 'accept-language': locale },
      credentials: 'same-origin',
      body: JSON.stringify({
        name: values.name,
        email: values.email,
        subject: values.subject,
        message: values.message,
      }),
      signal: controller.signal,
    });
    return { status: response.status, message: response.status === 200 ? undefined : await serverMessage(response) };
  } catch {
    // Reported like any other failure.
    return undefined;
  } finally {
    clearTimeout(timer);
  }
}

export default function ContactPage() {
  usePageHead('/contact');
  const intl = useIntl();
  const { locale, text } = useLocale();
  const ltr = useLtr();
  const { productName, contactEmail, contactPhone } = siteConfig();

  const {
    register,
    control,
    handleSubmit,
    reset,
    clearErrors,
    formState: { errors, isSubmitting },
  } = useForm<ContactInput, unknown, ContactValues>({
    resolver: contactResolver,
    defaultValues: EMPTY_FORM,
    // Errors appear on submit only; a field's error then hides as soon as that field changes.
    reValidateMode: 'onSubmit',
  });
  const values = useWatch({ control });

  async function onSubmit(formValues: ContactValues) {
    const dialogs = loadDialogs(locale === DEFAULT_LOCALE ? undefined : intl.formatMessage(TEXTS.ok));
    const outcome = await sendMessage(formValues, locale);
    if (outcome?.status === 200) {
      reset(EMPTY_FORM);
      (await dialogs)({ icon: 'success', title: text(messages.contact.success) });
      return;
    }
    // The server's explanation arrives in English (or already in the page's language): shown in the page's.
    (await dialogs)({
      icon: 'error',
      title: text(messages.contact.failure),
      text: outcome?.message === undefined ? undefined : text(outcome.message),
    });
  }

  return (
    <section className="contact">
      <div className="contact__inner">
        <div className="contact__aside">
          <header className="contact__intro">
            <h1 className="contact__title">
              <FormattedMessage id="contact.title" defaultMessage="Contact Us" />
            </h1>
            <p className="contact__lead">
              <FormattedMessage
                id="contact.lead"
                defaultMessage="Questions about {product}, help with your device or playlist, or feedback on the app? Send us a message and we will answer by e-mail."
                values={{ product: ltr(keepTogether(productName)) }}
              />
            </p>
          </header>

          <ul className="contact__channels">
            <li>
              <a className="contact__channel" href={`mailto:${contactEmail}`}>
                <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
                  <path
                    fill="currentColor"
                    d="M4 4h16a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2zm0 4.24V18h16V8.24l-8 5-8-5zM19.36 6H4.64L12 10.6 19.36 6z"
                  />
                </svg>
                <span className="contact__channel-text">
                  <span className="contact__channel-label">
                    <FormattedMessage id="contact.channel.email" defaultMessage="Email" />
                  </span>{' '}
                  {ltr(contactEmail)}
                </span>
              </a>
            </li>
            {contactPhone && (
              <li>
                <a className="contact__channel" href={phoneHref(contactPhone)}>
                  <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
                    <path
                      fill="currentColor"
                      d="M6.62 10.79a15.05 15.05 0 0 0 6.59 6.59l2.2-2.2a1 1 0 0 1 1.02-.24c1.12.37 2.33.57 3.57.57a1 1 0 0 1 1 1V20a1 1 0 0 1-1 1A17 17 0 0 1 3 4a1 1 0 0 1 1-1h3.5a1 1 0 0 1 1 1c0 1.25.2 2.45.57 3.57a1 1 0 0 1-.25 1.02l-2.2 2.2z"
                    />
                  </svg>
                  <span className="contact__channel-text">
                    <span className="contact__channel-label">
                      <FormattedMessage id="contact.channel.phone" defaultMessage="Phone" />
                    </span>{' '}
                    {ltr(contactPhone)}
                  </span>
                </a>
              </li>
            )}
          </ul>

          <img
            className="contact__illustration"
            src="/images/contact-illustration.svg"
            alt=""
            width={520}
            height={420}
            // Hidden below the large breakpoint, where a lazy image is never fetched.
            loading="lazy"
            decoding="async"
          />
        </div>

        <div className="contact__card">
          <h2 id="contact-card-title" className="contact__card-title">
            <FormattedMessage id="contact.formTitle" defaultMessage="Send Us a Message" />
          </h2>
          <form
            className="contact-form"
            noValidate
            onFocus={() => void loadRules()}
            aria-labelledby="contact-card-title"
            onSubmit={(event) => void handleSubmit(onSubmit)(event)}
          >
            {FIELDS.map((field) => {
              const id = `contact-${field.name}`;
              const errorId = `${id}-error`;
              const error = errors[field.name]?.message;
              const inputProps = {
                id,
                className: values[field.name] ? 'filled' : undefined,
                placeholder:
                  typeof field.placeholder === 'string' ? field.placeholder : intl.formatMessage(field.placeholder),
                dir: field.ltr ? 'ltr' : undefined,
                autoComplete: field.autoComplete,
                'aria-invalid': error ? true : undefined,
                'aria-describedby': error ? errorId : undefined,
                ...register(field.name, { onChange: () => clearErrors(field.name) }),
              };
              return (
                <div key={field.name} className={`contact-form__field contact-form__field--${field.name}`}>
                  <label htmlFor={id}>{intl.formatMessage(field.label)}</label>
                  {field.multiline ? (
                    <textarea rows={6} {...inputProps} />
                  ) : (
                    <input type={field.type} {...inputProps} />
                  )}
                  <FieldError id={errorId} message={error} />
                </div>
              );
            })}

            <SubmitButton className="contact-form__submit" busy={isSubmitting}>
              {isSubmitting
                ? intl.formatMessage({ id: 'contact.sending', defaultMessage: 'Sending…' })
                : intl.formatMessage({ id: 'contact.send', defaultMessage: 'Send Message' })}
            </SubmitButton>
          </form>
        </div>
      </div>
    </section>
  );
}
