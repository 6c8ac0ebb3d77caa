import { useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormattedMessage, defineMessages, useIntl } from 'react-intl';
import { PLAYLIST_LIMITS } from '../../../../../common/validation';
import { RevealButton } from '../../../components/RevealButton';
import { TextField } from '../../../components/TextField';
import { useLocale } from '../../../i18n/LocaleProvider';
import { CheckResultCard } from './CheckResultCard';
import { VERDICT_LABELS, type PlaylistCheck } from './playlistCheck';

/** The password field's Show/Hide button. */
const PASSWORD_REVEAL = defineMessages({
  show: { id: 'playlists.form.showPassword', defaultMessage: 'Show <hidden>password</hidden>' },
  hide: { id: 'playlists.form.hidePassword', defaultMessage: 'Hide <hidden>password</hidden>' },
});

/** An Xtream Codes line's password, with a button that shows or hides what is typed. */
export function PasswordField({ error, registration }: { error?: string; registration: UseFormRegisterReturn }) {
  const [showPassword, setShowPassword] = useState(false);
  return (
    <TextField
      id="playlist-password"
      label={<FormattedMessage id="playlists.form.password" defaultMessage="Password" />}
      error={error}
      type={showPassword ? 'text' : 'password'}
      autoComplete="off"
      dir="ltr"
      maxLength={PLAYLIST_LIMITS.password}
      {...registration}
      action={
        <RevealButton
          shown={showPassword}
          onToggle={() => setShowPassword((shown) => !shown)}
          show={PASSWORD_REVEAL.show}
          hide={PASSWORD_REVEAL.hide}
        />
      }
    />
  );
}

/**
 * What the form's Check found: said to a screen reader as it arrives (and while it runs), and shown as a card that
 * takes focus.
 */
export function CheckOutcome({ checking, result }: { checking: boolean; result: PlaylistCheck | null }) {
  const intl = useIntl();
  const { text: say } = useLocale();
  return (
    <>
      <p className="visually-hidden" role="status">
        {checking
          ? intl.formatMessage({ id: 'playlists.form.checkingStatus', defaultMessage: 'Checking the playlist…' })
          : result
            ? intl.formatMessage(
                { id: 'playlists.form.checkStatus', defaultMessage: '{verdict}. {message}' },
                {
                  verdict: intl.formatMessage(VERDICT_LABELS[result.verdict]),
                  message: say(result.message),
                },
              )
            : ''}
      </p>
      {result && (
        <div className="playlist-form__check">
          <CheckResultCard
            key={result.checkedAt}
            check={result}
            heading={intl.formatMessage({ id: 'playlists.form.checkResult', defaultMessage: 'Check result' })}
            takeFocus
          />
        </div>
      )}
    </>
  );
}
