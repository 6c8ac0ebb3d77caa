import { useCallback, useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { CaptchaQuery } from '../../__generated__/graphql';
import { graphqlRequest } from '../../lib/graphqlRequest';

type Captcha = CaptchaQuery['captcha'];

/**
 * The sign-in screen's captcha: the one the server sent with the page, or one asked for when it sent none (the
 * screen opened from another page of the site). A captcha that did not load says so, with a way to try again
 * (not 'Loading captcha…' for ever). `onToken` hears each new captcha's token, which the form sends with the
 * answer.
 */
export function useCaptcha(sent: Captcha | undefined, document: string, onToken: (token: string) => void) {
  const [captcha, setCaptcha] = useState(sent);
  const [failed, setFailed] = useState(false);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const load = useCallback(() => {
    graphqlRequest<CaptchaQuery>(document, 'Captcha')
      .then((data) => {
        if (!mounted.current) return;
        setCaptcha(data.captcha);
        onToken(data.captcha.token);
      })
      .catch((error: unknown) => {
        if (!mounted.current) return;
        console.error('Could not load a captcha', error);
        setFailed(true);
      });
  }, [document, onToken]);

  const hadCaptcha = useRef(Boolean(sent));
  useEffect(() => {
    if (!hadCaptcha.current) load();
  }, [load]);

  /** A new captcha (a captcha answers one attempt only). */
  const renew = useCallback(() => {
    setFailed(false);
    load();
  }, [load]);
  return { captcha, failed, renew };
}

/** The captcha's picture (or why there is none) and the button that asks for another. */
export function CaptchaPicture({
  captcha,
  failed,
  onNew,
}: {
  captcha: Captcha | undefined;
  failed: boolean;
  onNew: () => void;
}) {
  const intl = useIntl();
  return (
    <div className="captcha">
      <div className="captcha__image" aria-live="polite">
        {captcha ? (
          <img
            src={'data:image/svg+xml;charset=utf-8,' + encodeURIComponent(captcha.svg)}
            alt={intl.formatMessage({ id: 'signIn.captcha.image', defaultMessage: 'Captcha' })}
          />
        ) : failed ? (
          <span className="captcha__placeholder captcha__placeholder--failed" role="alert">
            <FormattedMessage
              id="signIn.captcha.failed"
              defaultMessage="Could not load the captcha. <retry>Try again</retry>"
              values={{
                retry: (chunks) => (
                  <button type="button" className="captcha__retry" onClick={onNew}>
                    {chunks}
                  </button>
                ),
              }}
            />
          </span>
        ) : (
          <span className="captcha__placeholder">
            <FormattedMessage id="signIn.captcha.loading" defaultMessage="Loading captcha…" />
          </span>
        )}
      </div>
      <button
        type="button"
        className="captcha__refresh"
        aria-label={intl.formatMessage({ id: 'signIn.captcha.new', defaultMessage: 'New captcha' })}
        onClick={onNew}
      >
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
          <path
            fill="currentColor"
            d="M17.65 6.35A7.96 7.96 0 0 0 12 4a8 8 0 1 0 7.73 10h-2.08A6 6 0 1 1 12 6c1.66 0 3.14.69 4.22 1.78L13 11h7V4l-2.35 2.35z"
          />
        </svg>
      </button>
    </div>
  );
}
