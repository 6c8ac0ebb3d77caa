import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { messages } from '../../../common/messages';
import { linkCodeSchema } from '../../../common/validation';
import {
  useApproveTvLinkMutation,
  useCurrentDeviceQuery,
  useRefuseTvLinkMutation,
  useTvLinkQuery,
} from '../__generated__/hooks';
import { Spinner } from '../components/Spinner';
import { errorProps, Field } from '../components/TextField';
import { usePageHead } from '../hooks/usePageHead';
import { useUser, type Device } from '../hooks/useUser';
import { useFormatDate, useFormatTime } from '../i18n/format';
import { useLocale } from '../i18n/LocaleProvider';
import { readGraphQLFailure } from '../lib/graphqlFailure';
import '../styles/link.css';

/** Where the sign-in page sends the owner back to, code kept. */
function linkPath(code: string | null): string {
  return code ? `/link?code=${encodeURIComponent(code)}` : '/link';
}

/**
 * /link?code=XXXX-XXXX: the page a TV's QR code opens. The owner, signed in to the device (or sent through the
 * sign-in and back), sees which TV asks and approves or refuses it.
 */
/** A MAC address or a code inside a sentence: left to right in any language. */
function ltr(className?: string) {
  return function Isolated(chunks: ReactNode[]) {
    return (
      <span className={className} dir="ltr">
        {chunks}
      </span>
    );
  };
}

export default function LinkPage() {
  usePageHead('/link');
  const intl = useIntl();
  const navigate = useNavigate();
  const { login } = useUser();
  const [params, setParams] = useSearchParams();
  const code = params.get('code');
  // A code the owner typed on this page, read off their TV. A code that came in the address (a QR code, or a
  // link someone sent) must be typed once more before it can be approved: whoever sent the link chose it.
  const [typedCode, setTypedCode] = useState<string | null>(null);
  const { data, error } = useCurrentDeviceQuery({ fetchPolicy: 'network-only' });
  const device = data?.currentDevice;

  useEffect(() => {
    if (device) login(device);
    else if (data || error) {
      void navigate(`/device/login?next=${encodeURIComponent(linkPath(code))}`, { replace: true });
    }
  }, [data, device, error, code, login, navigate]);

  return (
    <section className="tv-link">
      <header className="tv-link__intro">
        <h1>
          <FormattedMessage id="link.heading" defaultMessage="Link a TV" />
        </h1>
        <p>
          <FormattedMessage id="link.lead" defaultMessage="Sign a TV in to your device with the code it shows." />
        </p>
      </header>
      <div className="tv-link__card">
        {!device ? (
          <Spinner label={intl.formatMessage({ id: 'link.checking', defaultMessage: 'Checking your device…' })} />
        ) : code ? (
          <LinkRequest
            key={code}
            code={code}
            typed={typedCode === code}
            deviceMac={device.macAddress}
            onDevice={login}
            onCode={(typed) => {
              setTypedCode(typed);
              setParams({ code: typed });
            }}
          />
        ) : (
          <CodeForm
            onCode={(typed) => {
              setTypedCode(typed);
              setParams({ code: typed });
            }}
          />
        )}
      </div>
    </section>
  );
}

/** A field for a link code as the TV shows it (`XXXX-XXXX`, any case, with or without the dash). */
function CodeField({
  id,
  name,
  label,
  error,
  value,
  onChange,
}: {
  id: string;
  name?: string;
  label: string;
  error: string | undefined;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <Field id={id} label={label} error={error}>
      <input
        id={id}
        name={name}
        className="field__mono tv-link__code-input"
        autoComplete="off"
        autoCapitalize="characters"
        autoCorrect="off"
        spellCheck={false}
        maxLength={20}
        dir="ltr"
        placeholder="XXXX-XXXX"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        {...errorProps(id, error)}
      />
    </Field>
  );
}

function CodeForm({ onCode, failure }: { onCode: (code: string) => void; failure?: string }) {
  const intl = useIntl();
  const { text } = useLocale();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = linkCodeSchema.safeParse(value);
    // The rule's messages arrive as their English (common/validation.ts): said in the page's language.
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message;
      return setError(message === undefined ? undefined : text(message));
    }
    onCode(`${parsed.data.slice(0, 4)}-${parsed.data.slice(4)}`);
  }
  return (
    <form className="tv-link__form" noValidate onSubmit={submit}>
      {failure && (
        <p className="tv-link__failure" role="alert">
          {text(failure)}
        </p>
      )}
      <CodeField
        id="link_code"
        name="code"
        label={intl.formatMessage({ id: 'link.code.label', defaultMessage: 'Code shown on the TV' })}
        error={error}
        value={value}
        onChange={(typed) => {
          setValue(typed);
          setError(undefined);
        }}
      />
      <button type="submit" className="button button--primary tv-link__submit">
        <FormattedMessage id="link.continue" defaultMessage="Continue" />
      </button>
    </form>
  );
}

/** A code as the owner may type it ('bcdf ghjk', 'BCDF-GHJK'), reduced to its 8 letters. */
function bareCode(value: string): string {
  return value.toUpperCase().replace(/[^A-Z]/g, '');
}

function LinkRequest({
  code,
  typed,
  deviceMac,
  onCode,
  onDevice,
}: {
  code: string;
  /** The owner typed this code on the page (read off the TV), rather than arriving with it in the address. */
  typed: boolean;
  deviceMac: string;
  onCode: (code: string) => void;
  onDevice: (device: Device) => void;
}) {
  const intl = useIntl();
  const { text } = useLocale();
  const formatDate = useFormatDate();
  const formatTime = useFormatTime();
  const { data, error, loading, refetch } = useTvLinkQuery({
    variables: { input: { code } },
    fetchPolicy: 'network-only',
  });
  const [approve, { loading: approving }] = useApproveTvLinkMutation();
  const [refuse, { loading: refusing }] = useRefuseTvLinkMutation();
  const [outcome, setOutcome] = useState<{ approved: boolean; message: string } | null>(null);
  const [failure, setFailure] = useState<string | undefined>();
  const [confirmation, setConfirmation] = useState('');

  if (loading)
    return <Spinner label={intl.formatMessage({ id: 'link.lookingUp', defaultMessage: 'Looking up the code…' })} />;
  if (outcome) {
    return (
      <div className={`tv-link__outcome tv-link__outcome--${outcome.approved ? 'approved' : 'refused'}`} role="status">
        <p>{text(outcome.message)}</p>
        <Link className="button button--ghost" to="/dashboard">
          <FormattedMessage id="link.toDashboard" defaultMessage="Go to the dashboard" />
        </Link>
      </div>
    );
  }
  const link = data?.tvLink;
  if (error || !link) {
    return (
      <CodeForm
        onCode={(typed) => (typed === code ? void refetch().catch(() => undefined) : onCode(typed))}
        failure={readGraphQLFailure(error).message ?? messages.link.unknownCode}
      />
    );
  }

  async function decide(approved: boolean) {
    setFailure(undefined);
    try {
      const variables = { input: { code } };
      const answer = approved
        ? (await approve({ variables })).data?.approveTvLink
        : (await refuse({ variables })).data?.refuseTvLink;
      // After a switch the signed-in device has the new TV's MAC address: the header shows it at once.
      if (answer) onDevice(answer.device);
      setOutcome({ approved, message: answer?.message ?? '' });
    } catch (decisionError) {
      setFailure(readGraphQLFailure(decisionError).message ?? messages.link.unknownCode);
    }
  }

  /** When the TV asked, as the portal writes dates ('25 Nov. 2026'), with the time: a code lives 15 minutes. */
  function askedAt(value: string): string {
    const date = new Date(value);
    return intl.formatMessage(
      { id: 'link.request.askedAt', defaultMessage: '{date}, {time}' },
      { date: formatDate(date), time: formatTime(date) },
    );
  }

  const notReported = intl.formatMessage({ id: 'link.request.notReported', defaultMessage: 'Not reported' });
  const busy = approving || refusing;
  // A new TV that asked with its own sign-in: approving switches this device onto it.
  const switches = !link.sameMacAddress && link.signedInTv;
  const approvable = link.sameMacAddress || switches;
  // Arrived with the code in the address: approving waits until the owner types the code their TV shows.
  const confirmed = typed || bareCode(confirmation) === bareCode(link.code);
  const confirmationError =
    !confirmed && bareCode(confirmation).length >= 8
      ? intl.formatMessage({
          id: 'link.confirm.mismatch',
          defaultMessage: 'This is not the code of this request. Refuse it if your TV shows another code.',
        })
      : undefined;
  return (
    <div className="tv-link__request">
      <h2 className="tv-link__title">
        <FormattedMessage
          id="link.request.title"
          defaultMessage="A TV asks to sign in with code <code>{linkCode}</code>"
          values={{ code: ltr('tv-link__code'), linkCode: link.code }}
        />
      </h2>
      <dl className="tv-link__details">
        <dt>
          <FormattedMessage id="link.request.model" defaultMessage="Model" />
        </dt>
        <dd>
          {link.model ? (
            <FormattedMessage
              id="link.request.modelReported"
              defaultMessage="{model} (as the TV reports it)"
              values={{ model: <bdi>{link.model}</bdi> }}
            />
          ) : (
            notReported
          )}
        </dd>
        <dt>
          <FormattedMessage id="link.request.appVersion" defaultMessage="App version" />
        </dt>
        <dd>{link.appVersion ?? notReported}</dd>
        <dt>
          <FormattedMessage id="link.request.macAddress" defaultMessage="MAC address" />
        </dt>
        <dd className="tv-link__mac" dir="ltr">
          {link.macAddress}
        </dd>
        <dt>
          <FormattedMessage id="link.request.asked" defaultMessage="Asked" />
        </dt>
        <dd>{askedAt(link.requestedAt as string)}</dd>
        <dt>
          <FormattedMessage id="link.request.from" defaultMessage="Asked from" />
        </dt>
        <dd>
          {link.requestedFrom === null || link.requestedFrom === undefined ? (
            notReported
          ) : link.sameNetwork ? (
            <FormattedMessage
              id="link.request.fromSameNetwork"
              defaultMessage="{address}, the network you are on now"
              values={{ address: <bdi className="tv-link__mac">{link.requestedFrom}</bdi> }}
            />
          ) : (
            <FormattedMessage
              id="link.request.fromOtherNetwork"
              defaultMessage="{address}, another network than the one you are on now"
              values={{ address: <bdi className="tv-link__mac">{link.requestedFrom}</bdi> }}
            />
          )}
        </dd>
      </dl>
      {link.sameMacAddress ? (
        <p className="tv-link__hint">
          <FormattedMessage
            id="link.request.sameMac"
            defaultMessage="This is your device’s MAC address ({macAddress}). Approve only if this code is on your TV’s screen now: the TV’s earlier sign-ins end."
            values={{ macAddress: <bdi>{deviceMac}</bdi> }}
          />{' '}
          <FormattedMessage
            id="link.request.signsOut"
            defaultMessage="{count, plural, =0 {No TV is signed in to this device now.} one {The TV signed in to this device now will be signed out.} other {The # TVs signed in to this device now will be signed out.}}"
            values={{ count: link.signedInTvs }}
          />
        </p>
      ) : switches ? (
        <div className="tv-link__hint">
          <p>
            <FormattedMessage
              id="link.request.newTv"
              defaultMessage="This is a new TV. Switching moves your licence, playlists, device key and parent PIN from <mac>{macAddress}</mac> to it, and signs the old TV out. Approve only if this code is on your new TV’s screen now."
              values={{ mac: ltr('tv-link__mac'), macAddress: deviceMac }}
            />
          </p>
        </div>
      ) : (
        <p className="tv-link__failure" role="alert">
          {text(messages.link.otherMac)}
        </p>
      )}
      {approvable && !typed && (
        <CodeField
          id="link_confirm"
          label={intl.formatMessage({
            id: 'link.confirm.label',
            defaultMessage: 'To approve, type the code your TV shows now',
          })}
          error={confirmationError}
          value={confirmation}
          onChange={setConfirmation}
        />
      )}
      {failure && (
        <p className="tv-link__failure" role="alert">
          {text(failure)}
        </p>
      )}
      <div className="tv-link__actions">
        {approvable && (
          <button
            type="button"
            className="button button--primary"
            disabled={busy || !confirmed}
            aria-busy={approving}
            onClick={() => void decide(true)}
          >
            {switches ? (
              <FormattedMessage id="link.request.switch" defaultMessage="Switch to this TV" />
            ) : (
              <FormattedMessage id="link.request.approve" defaultMessage="Approve" />
            )}
          </button>
        )}
        <button
          type="button"
          className="button button--ghost"
          disabled={busy}
          aria-busy={refusing}
          onClick={() => void decide(false)}
        >
          <FormattedMessage id="link.request.refuse" defaultMessage="Refuse" />
        </button>
      </div>
    </div>
  );
}
