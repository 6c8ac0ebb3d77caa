import { useTvAppConfigQuery, useTvStartQuery } from '../__generated__/hooks';
import type { TvPlaylist } from '../api/types';
import { HomeView } from './HomeView';

/**
 * The home screen on Apollo's hooks, once Apollo Client has loaded (live.tsx). `fromCache`: the start's own reads
 * were handed to the cache (live.tsx, `handOver`), so the hooks show them without asking again; later visits, and
 * every "Try again" and retry, ask the server.
 */
export function HomeScreen({
  mac,
  onOpen,
  lastPlaylistId,
  fromCache,
}: {
  mac: string;
  onOpen: (playlist: TvPlaylist, hasParentPin: boolean) => void;
  lastPlaylistId?: string;
  fromCache: boolean;
}) {
  const fetchPolicy = fromCache ? 'cache-first' : 'network-only';
  const config = useTvAppConfigQuery({ fetchPolicy });
  const start = useTvStartQuery({ fetchPolicy });
  return (
    <HomeView
      mac={mac}
      onOpen={onOpen}
      lastPlaylistId={lastPlaylistId}
      reads={{
        config: config.data,
        start: start.data,
        loading: start.loading,
        error: start.error,
        // Both reads, whatever each answers (no Promise.allSettled before Chromium 76).
        refetch: () => Promise.all([config.refetch().catch(() => undefined), start.refetch().catch(() => undefined)]),
        refetchStart: () => start.refetch(),
      }}
    />
  );
}
