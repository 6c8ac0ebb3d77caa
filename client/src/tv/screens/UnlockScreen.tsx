import { useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { useTvUnlockPlaylistMutation } from '../__generated__/hooks';
import { errorMessage } from '../api/errors';
import type { TvPlaylist } from '../api/types';
import { useBack } from '../ui/back';
import { PinPad } from '../ui/PinPad';

type NoValues = Record<string, never>;

const TEXTS = defineMessages<{
  title: { name: string };
  hint: NoValues;
}>({
  title: { id: 'tvapp.unlock.title', defaultMessage: 'Enter the PIN of “{name}”' },
  hint: { id: 'tvapp.unlock.hint', defaultMessage: 'The owner set this PIN in the portal.' },
});

/** A protected playlist asks its PIN (`unlockPlaylist`); its details come in that answer only, each time. */
export function UnlockScreen({
  playlist,
  onUnlocked,
  onBack,
}: {
  playlist: TvPlaylist;
  onUnlocked: (playlist: TvPlaylist) => void;
  onBack: () => void;
}) {
  const intl = useIntl();
  const [unlock, { loading }] = useTvUnlockPlaylistMutation();
  const [error, setError] = useState<string | undefined>();
  useBack(onBack);
  return (
    <main className="tv-screen tv-center">
      <PinPad
        title={intl.formatMessage(TEXTS.title, { name: playlist.name })}
        hint={intl.formatMessage(TEXTS.hint)}
        error={error}
        busy={loading}
        onSubmit={(pin) => {
          setError(undefined);
          unlock({ variables: { input: { id: playlist.id, pin } } }).then(
            ({ data }) => {
              const details = data?.unlockPlaylist.playlist;
              if (details) onUnlocked({ ...playlist, ...details, locked: false });
            },
            (failure: unknown) => setError(errorMessage(failure)),
          );
        }}
      />
    </main>
  );
}
