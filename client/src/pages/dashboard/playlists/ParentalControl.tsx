import { useId, useState, type KeyboardEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { messages } from '../../../../../common/messages';
import { LOCKED_GROUPS_LIMITS, lockedGroupsSchema } from '../../../../../common/validation';
import { useSetPlaylistLockedGroupsMutation } from '../../../__generated__/hooks';
import { SubmitButton } from '../../../components/SubmitButton';
import { TextField } from '../../../components/TextField';
import { useSignedInDevice } from '../../../hooks/useUser';
import { useLocale } from '../../../i18n/LocaleProvider';
import { alertError, notifySuccess, showWrongPin } from '../../../lib/alerts';
import { readGraphQLFailure } from '../../../lib/graphqlFailure';
import type { Playlist } from './playlistModel';

/** The groups the last check saw: an M3U's group names, an Xtream line's live categories (older checks: samples). */
export function checkedGroups(playlist: Playlist): string[] {
  const check = playlist.lastCheck;
  if (!check) return [];
  const named = check.m3u?.groupNames ?? check.xc?.liveCategoryNames;
  if (named) return named;
  return (check.m3u?.sample ?? []).flatMap((channel) => (channel.group ? [channel.group] : []));
}

function unique(groups: string[]): string[] {
  return [...new Set(groups)];
}

/**
 * Parental control by category: the owner ticks the groups a TV keeps behind the parent PIN, from those the last
 * check saw or typed in. A protected playlist's PIN (which opened the edit) goes with the change.
 */
export function ParentalControl({ playlist, pin }: { playlist: Playlist; pin?: string }) {
  const intl = useIntl();
  const { text: say } = useLocale();
  const device = useSignedInDevice();
  const headingId = useId();
  const [saved, setSaved] = useState<string[]>(playlist.lockedGroups);
  const [locked, setLocked] = useState<Set<string>>(() => new Set(playlist.lockedGroups));
  const [typed, setTyped] = useState<string[]>([]);
  const [newGroup, setNewGroup] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [setLockedGroups] = useSetPlaylistLockedGroupsMutation({ fetchPolicy: 'no-cache' });

  const choices = unique([...saved, ...checkedGroups(playlist), ...typed]);

  function toggle(group: string, on: boolean) {
    setError(undefined);
    setLocked((current) => {
      const next = new Set(current);
      if (on) next.add(group);
      else next.delete(group);
      return next;
    });
  }

  function addTyped() {
    const checked = lockedGroupsSchema.safeParse([newGroup]);
    if (!checked.success) return setError(say(checked.error.issues[0]?.message ?? messages.lockedGroups.notText));
    const [group] = checked.data;
    if (!group) return;
    setTyped((current) => unique([...current, group]));
    toggle(group, true);
    setNewGroup('');
  }

  function onNewGroupKey(event: KeyboardEvent<HTMLInputElement>) {
    // Enter adds the typed group; it never saves the form half-done.
    if (event.key !== 'Enter') return;
    event.preventDefault();
    addTyped();
  }

  async function save() {
    const wanted = choices.filter((group) => locked.has(group));
    const checked = lockedGroupsSchema.safeParse(wanted);
    if (!checked.success) return setError(say(checked.error.issues[0]?.message ?? messages.lockedGroups.notList));
    setBusy(true);
    try {
      const { data } = await setLockedGroups({
        variables: { input: { id: playlist.id, pin: pin ?? null, lockedGroups: checked.data } },
      });
      if (!data) throw new Error('The parental control answer carried no data');
      const stored = data.setPlaylistLockedGroups.playlist.lockedGroups;
      setSaved(stored);
      setLocked(new Set(stored));
      notifySuccess(say(data.setPlaylistLockedGroups.message));
    } catch (failure) {
      const { answered, code, message, fieldErrors } = readGraphQLFailure(failure);
      if (!answered) alertError(say(messages.playlist.requestFailed));
      else if (code === 'FORBIDDEN') await showWrongPin();
      else if (fieldErrors.lockedGroups) setError(say(fieldErrors.lockedGroups));
      else alertError(say(messages.playlist.saveFailed), message ? say(message) : undefined);
    } finally {
      setBusy(false);
    }
  }

  const count = choices.filter((group) => locked.has(group)).length;
  return (
    <section className="panel parental" aria-labelledby={headingId}>
      <h2 id={headingId} className="parental__title">
        <FormattedMessage id="playlists.parental.title" defaultMessage="Parental control" />
      </h2>
      <p>
        <FormattedMessage
          id="playlists.parental.intro"
          defaultMessage="Groups you lock stay hidden on the TV until someone enters the parent PIN."
        />{' '}
        <FormattedMessage
          id="playlists.parental.whichPin"
          defaultMessage="The parent PIN is the device’s own 4-to-6-digit PIN, set under Parent PIN: it is not this playlist’s PIN."
        />
      </p>
      {device && !device.hasParentPin && (
        <p className="panel__note" role="note">
          <FormattedMessage
            id="playlists.parental.noParentPin"
            defaultMessage="This device has no parent PIN yet: <link>set the parent PIN</link> so that locked groups can be opened on the TV."
            values={{ link: (chunks) => <Link to="/dashboard/parent-pin">{chunks}</Link> }}
          />
        </p>
      )}
      <form
        className="parental__form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <fieldset className="parental__groups">
          <legend>
            <FormattedMessage
              id="playlists.parental.groups"
              defaultMessage="Groups to lock ({count, plural, =0 {none locked} one {# locked} other {# locked}})"
              values={{ count }}
            />
          </legend>
          {choices.length === 0 ? (
            <p className="panel__note">
              <FormattedMessage
                id="playlists.parental.noGroups"
                defaultMessage="No groups known yet. Check the playlist from your list to see its groups here, or type a group’s name below."
              />
            </p>
          ) : (
            <ul className="parental__list">
              {choices.map((group, index) => (
                <li key={group}>
                  <input
                    id={`${headingId}-group-${index}`}
                    type="checkbox"
                    checked={locked.has(group)}
                    onChange={(event) => toggle(group, event.target.checked)}
                  />
                  <label htmlFor={`${headingId}-group-${index}`} dir="auto">
                    {group}
                  </label>
                </li>
              ))}
            </ul>
          )}
        </fieldset>
        <div className="parental__add">
          <TextField
            id="parental-new-group"
            label={<FormattedMessage id="playlists.parental.newGroup" defaultMessage="Another group" />}
            hint={
              <FormattedMessage
                id="playlists.parental.newGroupHint"
                defaultMessage="Its name as the playlist writes it, such as Adults."
              />
            }
            error={error}
            type="text"
            autoComplete="off"
            dir="auto"
            maxLength={LOCKED_GROUPS_LIMITS.length}
            value={newGroup}
            onChange={(event) => {
              setNewGroup(event.target.value);
              setError(undefined);
            }}
            onKeyDown={onNewGroupKey}
          />
          <button type="button" className="button button--ghost" onClick={addTyped}>
            <FormattedMessage id="playlists.parental.add" defaultMessage="Add" />
          </button>
        </div>
        <SubmitButton busy={busy}>
          {intl.formatMessage({ id: 'playlists.parental.save', defaultMessage: 'Save parental control' })}
        </SubmitButton>
      </form>
    </section>
  );
}
