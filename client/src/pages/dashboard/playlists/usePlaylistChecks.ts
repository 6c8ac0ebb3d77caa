import { useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { useCheckPlaylistMutation } from '../../../__generated__/hooks';
import { PlaylistLastCheckFragmentDoc } from '../../../__generated__/graphql';
import { promptPin, showWrongPin } from '../../../lib/alerts';
import { useLocale } from '../../../i18n/LocaleProvider';
import { readGraphQLFailure } from '../../../lib/graphqlFailure';
import { VERDICT_LABELS, isCheckable, showCheckFailure } from './playlistCheck';
import type { PlaylistCheck } from './playlistCheck';
import { PIN_PROMPT } from './playlistModel';
import type { Playlist } from './playlistModel';

function withItem<T>(set: ReadonlySet<T>, item: T): ReadonlySet<T> {
  return new Set(set).add(item);
}

function withoutItem<T>(set: ReadonlySet<T>, item: T): ReadonlySet<T> {
  const next = new Set(set);
  next.delete(item);
  return next;
}

/**
 * Checks of saved playlists from the list: each row on its own, its result under it. The server runs one check
 * of an owner at a time (a second is refused while the first runs), so rows asked for together wait their turn
 * here, each shown as checking meanwhile. A protected playlist asks for its PIN first, as editing and deleting
 * do. The result becomes, for an unprotected playlist, the cached list's last check.
 */
export function usePlaylistChecks({ onNotFound }: { onNotFound: () => void }) {
  // The answer is not kept as a mutation result: a protected playlist's check belongs to this page only.
  const [checkPlaylist] = useCheckPlaylistMutation({ fetchPolicy: 'no-cache' });
  const [checkingIds, setCheckingIds] = useState<ReadonlySet<string>>(() => new Set());
  const [results, setResults] = useState<ReadonlyMap<string, PlaylistCheck>>(() => new Map());
  const [announcement, setAnnouncement] = useState('');
  const intl = useIntl();
  const { text: say } = useLocale();
  // The checks asked for, one after another.
  const turn = useRef<Promise<unknown>>(Promise.resolve());

  async function check(playlist: Playlist) {
    if (!isCheckable(playlist) || checkingIds.has(playlist.id)) return;
    let pin: string | null = null;
    if (playlist.isProtected) {
      pin = await promptPin(intl.formatMessage(PIN_PROMPT, { name: playlist.name }));
      if (pin === null) return;
    }
    setCheckingIds((ids) => withItem(ids, playlist.id));
    setAnnouncement(
      intl.formatMessage({ id: 'playlists.checkingOf', defaultMessage: 'Checking {name}…' }, { name: playlist.name }),
    );
    const mine = turn.current.then(() =>
      checkPlaylist({
        variables: { input: { id: playlist.id, pin } },
        update(cache, { data: answer }) {
          // The list shows a protected playlist's last check only to whoever has its PIN: not in the cache.
          if (!answer || playlist.isProtected) return;
          cache.writeFragment({
            id: cache.identify({ __typename: 'Playlist', id: playlist.id }),
            fragment: PlaylistLastCheckFragmentDoc,
            fragmentName: 'PlaylistLastCheck',
            data: { lastCheck: answer.checkPlaylist },
          });
        },
      }),
    );
    turn.current = mine.catch(() => undefined);
    try {
      const { data } = await mine;
      if (!data) throw new Error('The check answer carried no data');
      const result = data.checkPlaylist;
      setResults((shown) => new Map(shown).set(playlist.id, result));
      setAnnouncement(
        intl.formatMessage(
          { id: 'playlists.checkAnnouncement', defaultMessage: '{name}: {verdict}. {message}' },
          {
            name: playlist.name,
            verdict: intl.formatMessage(VERDICT_LABELS[result.verdict]),
            message: say(result.message),
          },
        ),
      );
    } catch (failure) {
      setAnnouncement('');
      const reason = readGraphQLFailure(failure);
      if (reason.code === 'FORBIDDEN') await showWrongPin();
      else {
        // Deleted in another browser or on the TV: the list is out of date.
        if (reason.code === 'NOT_FOUND') onNotFound();
        await showCheckFailure(reason, say);
      }
    } finally {
      setCheckingIds((ids) => withoutItem(ids, playlist.id));
    }
  }

  function close(playlist: Playlist) {
    setResults((shown) => {
      const next = new Map(shown);
      next.delete(playlist.id);
      return next;
    });
  }

  return { checkingIds, results, announcement, check, close };
}
