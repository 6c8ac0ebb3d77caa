import { useEffect, useRef, useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { useTvPollLinkMutation, useTvRequestLinkMutation } from '../__generated__/hooks';
import { errorMessage } from '../api/errors';
import { APP_VERSION, modelName } from '../platform';
import { FocusButton } from '../ui/FocusButton';
import { QrCode } from '../ui/QrCode';

type NoValues = Record<string, never>;

const TEXTS = defineMessages<{
  title: NoValues;
  signedOut: NoValues;
  known: NoValues;
  instructions: NoValues;
  waiting: NoValues;
  refused: NoValues;
  expired: NoValues;
  again: NoValues;
  asking: NoValues;
  mac: NoValues;
}>({
  title: { id: 'tvapp.link.title', defaultMessage: 'Sign this TV in' },
  signedOut: {
    id: 'tvapp.link.signedOut',
    defaultMessage: 'This TV was signed out. Ask for a code to sign in again.',
  },
  known: {
    id: 'tvapp.link.known',
    defaultMessage: 'This TV’s MAC address is already registered. Its owner approves this TV with a code.',
  },
  instructions: {
    id: 'tvapp.link.instructions',
    defaultMessage: 'Open the address or scan the code, sign in and approve',
  },
  waiting: { id: 'tvapp.link.waiting', defaultMessage: 'Waiting for the owner to approve…' },
  refused: { id: 'tvapp.link.refused', defaultMessage: 'The owner refused this code.' },
  expired: { id: 'tvapp.link.expired', defaultMessage: 'The code expired.' },
  again: { id: 'tvapp.link.again', defaultMessage: 'Ask for a new code' },
  asking: { id: 'tvapp.link.asking', defaultMessage: 'Asking for a code…' },
  mac: { id: 'tvapp.link.mac', defaultMessage: 'MAC address' },
});

type LinkState =
  | { state: 'asking' }
  | { state: 'showing'; code: string; url: string }
  | { state: 'refused' }
  | { state: 'expired' }
  | { state: 'failed'; message: string };

/**
 * A TV without a token whose MAC is registered (reinstalled, or signed out) asks for a link code (docs/tv-api.md,
 * step 6): it shows the code and a QR code of the portal's link page, and polls every `interval` seconds until
 * the owner approves (a new token), refuses, or the code expires.
 */
export function LinkScreen({
  mac,
  signedOut,
  onLinked,
}: {
  mac: string;
  signedOut: boolean;
  onLinked: (token: string) => void;
}) {
  const intl = useIntl();
  const [link, setLink] = useState<LinkState>({ state: 'asking' });
  const [attempt, setAttempt] = useState(0);
  const [requestLinkNow] = useTvRequestLinkMutation();
  const [pollLinkNow] = useTvPollLinkMutation();
  // The latest of each, read when called: a code shown is polled until it is answered, whatever re-renders the
  // screen (a new client, a new callback). Restarting on those would ask for a second code while the owner
  // approves the first, and drop the first one's answer.
  const linked = useRef(onLinked);
  const requestLink = useRef(requestLinkNow);
  const pollLink = useRef(pollLinkNow);
  useEffect(() => {
    linked.current = onLinked;
    requestLink.current = requestLinkNow;
    pollLink.current = pollLinkNow;
  });

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    void (async () => {
      try {
        const { data } = await requestLink.current({
          variables: { input: { macAddress: mac, model: modelName(), appVersion: APP_VERSION } },
        });
        const request = data?.requestTvLink;
        if (!request || stopped) return;
        // The poll handle stays in memory only: it is what collects the token.
        const { pollHandle } = request;
        const expiresAt = Date.now() + request.expiresIn * 1000;
        let interval = request.interval;
        setLink({ state: 'showing', code: request.code, url: request.verificationUrl });
        const poll = async () => {
          if (stopped) return;
          if (Date.now() >= expiresAt) return setLink({ state: 'expired' });
          try {
            const answer = (await pollLink.current({ variables: { input: { pollHandle } } })).data?.pollTvLink;
            if (stopped || !answer) return;
            interval = answer.interval || interval;
            if (answer.status === 'APPROVED' && answer.deviceToken) return linked.current(answer.deviceToken);
            if (answer.status === 'REFUSED') return setLink({ state: 'refused' });
            if (answer.status === 'EXPIRED') return setLink({ state: 'expired' });
          } catch {
            // A lost answer: poll again at the next interval.
          }
          next();
        };
        // The next poll after the interval, or at the code's expiry if sooner: an expired code is said at once.
        const next = () => {
          timer = setTimeout(() => void poll(), Math.max(0, Math.min(interval * 1000, expiresAt - Date.now())));
        };
        next();
      } catch (error) {
        if (!stopped) setLink({ state: 'failed', message: errorMessage(error) });
      }
    })();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [mac, attempt]);

  return (
    <main className="tv-screen tv-link">
      <h1>{intl.formatMessage(TEXTS.title)}</h1>
      <p className="tv-notice">{intl.formatMessage(signedOut ? TEXTS.signedOut : TEXTS.known)}</p>
      <p className="tv-link__mac">
        {intl.formatMessage(TEXTS.mac)}: <bdi dir="ltr">{mac}</bdi>
      </p>
      {link.state === 'asking' && <p>{intl.formatMessage(TEXTS.asking)}</p>}
      {link.state === 'showing' && (
        <div className="tv-link__code-box">
          <div>
            <p>{intl.formatMessage(TEXTS.instructions)}</p>
            <p className="tv-link__url" dir="ltr">
              {link.url.replace(/\?.*$/, '')}
            </p>
            <p className="tv-link__code" dir="ltr" data-testid="link-code">
              {link.code}
            </p>
            <p className="tv-link__waiting">{intl.formatMessage(TEXTS.waiting)}</p>
          </div>
          <QrCode text={link.url} />
        </div>
      )}
      {(link.state === 'refused' || link.state === 'expired' || link.state === 'failed') && (
        <>
          <p className="tv-error" role="alert">
            {link.state === 'failed'
              ? link.message
              : intl.formatMessage(link.state === 'refused' ? TEXTS.refused : TEXTS.expired)}
          </p>
          <FocusButton
            autoFocus
            onPress={() => {
              setLink({ state: 'asking' });
              setAttempt((n) => n + 1);
            }}
          >
            {intl.formatMessage(TEXTS.again)}
          </FocusButton>
        </>
      )}
    </main>
  );
}
