import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import { zodResolver } from '@hookform/resolvers/zod';
import { messages } from '../../../../../common/messages';
import { PLAYLIST_LIMITS, playlistFormSchema } from '../../../../../common/validation';
import type { PlaylistFormInput, PlaylistValues } from '../../../../../common/validation';
import { useCheckPlaylistValuesMutation } from '../../../__generated__/hooks';
import { TextField } from '../../../components/TextField';
import { SubmitButton } from '../../../components/SubmitButton';
import { useLocale } from '../../../i18n/LocaleProvider';
import { alertError, showAlert, showWrongPin } from '../../../lib/alerts';
import { readGraphQLFailure } from '../../../lib/graphqlFailure';
import { DashboardPanel } from '../DashboardPanel';
import { CheckOutcome, PasswordField } from './PlaylistFormParts';
import { showCheckFailure, toCheckInput } from './playlistCheck';
import type { PlaylistCheck } from './playlistCheck';
import type { PlaylistKind } from './playlistModel';

type FieldName = keyof PlaylistFormInput;

/** The fields each kind of playlist shows; a server message for any other field goes to a dialog. */
const FIELDS_OF: Record<PlaylistKind, FieldName[]> = {
  general: ['name', 'url', 'epgUrl'],
  xc: ['name', 'url', 'username', 'password', 'epgUrl'],
  code: ['name', 'playlistCode'],
};
const PIN_FIELDS: FieldName[] = ['pin', 'pinConfirmation'];

export interface PlaylistFormProps {
  kind: PlaylistKind;
  heading: string;
  defaultValues: PlaylistFormInput;
  /** Saves the parsed values; a rejection is read as a GraphQL or network failure. */
  onSave: (values: PlaylistValues) => Promise<void>;
  onCancel: () => void;
}

/** The add and edit form of all three kinds of playlist (general, Xtream Codes, code). */
export function PlaylistForm({ kind, heading, defaultValues, onSave, onCancel }: PlaylistFormProps) {
  const [checking, setChecking] = useState(false);
  const [checkResult, setCheckResult] = useState<PlaylistCheck | null>(null);
  // Nothing is stored by a check, and the values may carry credentials: keep the answer out of the cache.
  const [checkValues] = useCheckPlaylistValuesMutation({ fetchPolicy: 'no-cache' });
  const {
    control,
    register,
    handleSubmit,
    getValues,
    clearErrors,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<PlaylistFormInput, unknown, PlaylistValues>({
    resolver: zodResolver(playlistFormSchema),
    defaultValues,
    // Errors appear on submit only; a field's error then hides as soon as that field changes.
    reValidateMode: 'onSubmit',
  });
  const isProtected = useWatch({ control, name: 'isProtected' }) === true;
  const intl = useIntl();
  // Messages of the form and the server arrive as their English (common/messages.ts): said in the page's language.
  const { text: say } = useLocale();

  useEffect(() => {
    setFocus('name');
  }, [setFocus]);

  /** Registers a text field whose error hides when it changes. */
  function text(name: FieldName, alsoClears: FieldName[] = []) {
    return register(name, { onChange: () => clearErrors([name, ...alsoClears]) });
  }

  const error = (name: FieldName) => {
    const message = errors[name]?.message;
    return message ? say(message) : undefined;
  };
  const sayAll = (unplaced: string[]) => unplaced.map((message) => say(message)).join(' ');

  async function submit(values: PlaylistValues) {
    try {
      await onSave(values);
    } catch (failure) {
      await reportFailure(failure);
    }
  }

  /** Shows server or form messages on the fields shown; returns those for fields this form does not show. */
  function showFieldErrors(fieldErrors: Record<string, string>, shown: FieldName[]): string[] {
    const unplaced: string[] = [];
    let focused = false;
    for (const [field, fieldMessage] of Object.entries(fieldErrors)) {
      if (shown.includes(field as FieldName)) {
        setError(field as FieldName, { type: 'server', message: fieldMessage }, { shouldFocus: !focused });
        focused = true;
      } else {
        unplaced.push(fieldMessage);
      }
    }
    return unplaced;
  }

  /** Checks the values as they are now, before saving: the source fields must be valid, the name may wait. */
  async function check() {
    const prepared = toCheckInput(getValues());
    clearErrors();
    if (prepared.fieldErrors) {
      showFieldErrors(prepared.fieldErrors, FIELDS_OF[kind]);
      return;
    }
    setChecking(true);
    setCheckResult(null);
    try {
      const { data } = await checkValues({ variables: { input: prepared.input } });
      if (!data) throw new Error('The check answer carried no data');
      setCheckResult(data.checkPlaylistValues);
    } catch (failure) {
      const reason = readGraphQLFailure(failure);
      if (reason.code === 'BAD_USER_INPUT' && Object.keys(reason.fieldErrors).length > 0) {
        const unplaced = showFieldErrors(reason.fieldErrors, FIELDS_OF[kind]);
        if (unplaced.length > 0) await showAlert('error', say(messages.playlist.requestFailed), sayAll(unplaced));
      } else {
        await showCheckFailure(reason, say);
      }
    } finally {
      setChecking(false);
    }
  }

  async function reportFailure(failure: unknown) {
    const { answered, code, message, fieldErrors } = readGraphQLFailure(failure);
    if (!answered) return alertError(say(messages.playlist.requestFailed));
    if (code === 'FORBIDDEN') return showWrongPin();
    if (code === 'BAD_USER_INPUT' && Object.keys(fieldErrors).length > 0) {
      const unplaced = showFieldErrors(fieldErrors, [...FIELDS_OF[kind], ...(isProtected ? PIN_FIELDS : [])]);
      if (unplaced.length > 0) await showAlert('error', say(messages.playlist.saveFailed), sayAll(unplaced));
      return;
    }
    alertError(say(messages.playlist.saveFailed), message ? say(message) : undefined);
  }

  return (
    <DashboardPanel heading={heading}>
      <form className="playlist-form" noValidate onSubmit={(event) => void handleSubmit(submit)(event)}>
        <TextField
          id="playlist-name"
          label={<FormattedMessage id="playlists.form.name" defaultMessage="Playlist name" />}
          error={error('name')}
          type="text"
          autoComplete="off"
          maxLength={PLAYLIST_LIMITS.name}
          // A name may be in any language: its own first letter sets its direction.
          dir="auto"
          {...text('name')}
        />

        {kind !== 'code' && (
          <TextField
            id="playlist-url"
            label={
              kind === 'xc' ? (
                <FormattedMessage id="playlists.form.hostUrl" defaultMessage="Host URL" />
              ) : (
                <FormattedMessage id="playlists.form.url" defaultMessage="Playlist URL" />
              )
            }
            error={error('url')}
            type="url"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            dir="ltr"
            placeholder={kind === 'xc' ? 'http://provider.example:8080' : 'http://provider.example/playlist.m3u'}
            {...text('url')}
          />
        )}

        {kind === 'xc' && (
          <>
            <TextField
              id="playlist-username"
              label={<FormattedMessage id="playlists.form.username" defaultMessage="Username" />}
              error={error('username')}
              type="text"
              autoComplete="off"
              autoCapitalize="off"
              spellCheck={false}
              dir="ltr"
              maxLength={PLAYLIST_LIMITS.username}
              {...text('username')}
            />
            <PasswordField error={error('password')} registration={text('password')} />
          </>
        )}

        {kind !== 'code' && (
          <TextField
            id="playlist-epg-url"
            label={
              <FormattedMessage
                id="playlists.form.epgUrl"
                defaultMessage="XMLTV EPG URL <optional>(optional)</optional>"
                values={{ optional: (chunks) => <span className="playlist-form__optional">{chunks}</span> }}
              />
            }
            error={error('epgUrl')}
            type="url"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            dir="ltr"
            placeholder="http://provider.example/epg.xml"
            {...text('epgUrl')}
          />
        )}

        {kind === 'code' && (
          <TextField
            id="playlist-code"
            label={<FormattedMessage id="playlists.form.code" defaultMessage="Playlist code" />}
            error={error('playlistCode')}
            type="text"
            inputMode="numeric"
            autoComplete="off"
            maxLength={PLAYLIST_LIMITS.code}
            placeholder={intl.formatMessage({ id: 'playlists.form.codePlaceholder', defaultMessage: '6 digits' })}
            dir="ltr"
            className="field__mono"
            {...text('playlistCode')}
          />
        )}

        <div className="switch">
          <input
            id="playlist-protect"
            type="checkbox"
            role="switch"
            className="switch__input"
            {...register('isProtected', { onChange: () => clearErrors(PIN_FIELDS) })}
          />
          <label htmlFor="playlist-protect" className="switch__label">
            <FormattedMessage id="playlists.form.protect" defaultMessage="Protect this playlist" />
          </label>
        </div>

        {isProtected && (
          <div className="playlist-form__pins">
            <TextField
              id="playlist-pin"
              label={<FormattedMessage id="playlists.form.pin" defaultMessage="Playlist PIN" />}
              hint={
                <FormattedMessage
                  id="playlists.form.pinHint"
                  defaultMessage="Any characters you like, up to {max, number}. It opens only this playlist: it is not the parent PIN."
                  values={{ max: PLAYLIST_LIMITS.pin }}
                />
              }
              error={error('pin')}
              type="password"
              autoComplete="new-password"
              // No maxLength: a longer PIN is refused with a message (common/validation.ts), never cut.
              {...text('pin', ['pinConfirmation'])}
            />
            <TextField
              id="playlist-pin-confirmation"
              label={<FormattedMessage id="playlists.form.confirmPin" defaultMessage="Confirm playlist PIN" />}
              error={error('pinConfirmation')}
              type="password"
              autoComplete="new-password"
              {...text('pinConfirmation')}
            />
          </div>
        )}

        <div className="playlist-form__actions">
          <button type="button" className="button button--ghost" onClick={onCancel}>
            <FormattedMessage id="playlists.form.cancel" defaultMessage="Cancel" />
          </button>
          {kind !== 'code' && (
            <button
              type="button"
              className="button button--ghost"
              disabled={checking}
              aria-busy={checking}
              onClick={() => void check()}
            >
              {checking ? (
                <FormattedMessage id="playlists.checking" defaultMessage="Checking…" />
              ) : (
                <FormattedMessage id="playlists.check" defaultMessage="Check" />
              )}
            </button>
          )}
          <SubmitButton busy={isSubmitting}>
            <FormattedMessage id="playlists.form.save" defaultMessage="Save" />
          </SubmitButton>
        </div>
      </form>
      {kind !== 'code' && <CheckOutcome checking={checking} result={checkResult} />}
    </DashboardPanel>
  );
}
