import type { TvAppConfigQuery, TvStartQuery } from '../__generated__/graphql';

export type TvPlaylist = TvStartQuery['playlists'][number];
export type TvDevice = NonNullable<TvStartQuery['currentDevice']>;
export type TvAppConfig = TvAppConfigQuery['appConfig'];
export type TvPricing = TvAppConfigQuery['pricing'];
