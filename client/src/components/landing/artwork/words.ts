import { defineMessages, useIntl } from 'react-intl';
import { formatTimeIn } from '../../../i18n/format';
import { useLocale } from '../../../i18n/LocaleProvider';

/**
 * The words on the pictures of the TV app (Artwork.tsx): its menus, buttons and labels, and the made-up films and
 * programmes it shows. Channel names, ratings and the audio and subtitle tracks' own names stay as the app shows
 * them. Labels the English app writes in capitals are written here as words; ArtText capitalises them.
 */
const WORDS = defineMessages({
  goodEvening: { id: 'landing.art.goodEvening', defaultMessage: 'Good evening' },
  liveTv: { id: 'landing.art.liveTv', defaultMessage: 'Live TV' },
  movies: { id: 'landing.art.movies', defaultMessage: 'Movies' },
  series: { id: 'landing.art.series', defaultMessage: 'Series' },
  playlists: { id: 'landing.art.playlists', defaultMessage: 'Playlists' },
  continueWatching: { id: 'landing.art.continueWatching', defaultMessage: 'Continue watching' },
  featured: { id: 'landing.art.featured', defaultMessage: 'Featured' },
  northernLights: {
    id: 'landing.art.northernLights',
    defaultMessage: 'Northern Lights',
    description: 'A made-up film',
  },
  northernLightsFacts: {
    id: 'landing.art.northernLightsFacts',
    defaultMessage: '2024 · Adventure · 1h 52m',
    description: "The made-up film's year, genre and length",
  },
  play: { id: 'landing.art.play', defaultMessage: 'Play' },
  details: { id: 'landing.art.details', defaultMessage: 'Details' },
  trendingMovies: { id: 'landing.art.trendingMovies', defaultMessage: 'Trending movies' },
  parentalControls: { id: 'landing.art.parentalControls', defaultMessage: 'Parental controls' },
  enterParentPin: { id: 'landing.art.enterParentPin', defaultMessage: 'Enter your parent PIN' },
  allowedRatings: { id: 'landing.art.allowedRatings', defaultMessage: 'Allowed ratings' },
  categories: { id: 'landing.art.categories', defaultMessage: 'Categories' },
  kids: { id: 'landing.art.kids', defaultMessage: 'Kids', description: 'A category of channels' },
  // The parental controls' categories: short words, each in a small chip beside a tick or a lock.
  kidsCategory: { id: 'landing.art.kidsCategory', defaultMessage: 'Kids', description: 'A short word, in a chip' },
  family: { id: 'landing.art.family', defaultMessage: 'Family', description: 'A short word, in a chip' },
  adult: { id: 'landing.art.adult', defaultMessage: 'Adult', description: 'A short word, in a chip' },
  streamHealth: { id: 'landing.art.streamHealth', defaultMessage: 'Stream health · stable' },
  providerGuide: { id: 'landing.art.providerGuide', defaultMessage: 'Guide from your provider' },
  allChannels: { id: 'landing.art.allChannels', defaultMessage: 'All channels' },
  favourites: { id: 'landing.art.favourites', defaultMessage: 'Favourites' },
  news: { id: 'landing.art.news', defaultMessage: 'News' },
  sports: { id: 'landing.art.sports', defaultMessage: 'Sports' },
  music: { id: 'landing.art.music', defaultMessage: 'Music' },
  live: { id: 'landing.art.live', defaultMessage: 'Live', description: 'A badge on a channel playing now' },
  nowShowing: {
    id: 'landing.art.nowShowing',
    defaultMessage: 'Now · Weekend highlights',
    description: 'The programme on now, made up',
  },
  next: { id: 'landing.art.next', defaultMessage: 'Next', description: 'The programmes after this one' },
  matchOfTheDay: { id: 'landing.art.matchOfTheDay', defaultMessage: 'Match of the day', description: 'A programme' },
  lateKickOff: { id: 'landing.art.lateKickOff', defaultMessage: 'Late kick-off', description: 'A programme' },
  classicFinals: { id: 'landing.art.classicFinals', defaultMessage: 'Classic finals', description: 'A programme' },
  longVoyage: { id: 'landing.art.longVoyage', defaultMessage: 'The Long Voyage', description: 'A made-up film' },
  longVoyageFacts: {
    id: 'landing.art.longVoyageFacts',
    defaultMessage: '2023 · Drama · 2h 08m · PG-13',
    description: "The made-up film's year, genre, length and rating",
  },
  trailer: { id: 'landing.art.trailer', defaultMessage: 'Trailer' },
  audio: { id: 'landing.art.audio', defaultMessage: 'Audio', description: 'The audio tracks to choose from' },
  subtitles: { id: 'landing.art.subtitles', defaultMessage: 'Subtitles' },
  off: { id: 'landing.art.off', defaultMessage: 'Off', description: 'No subtitles' },
  arabic: { id: 'landing.art.arabic', defaultMessage: 'Arabic', description: 'A subtitle track' },
  smartTv: { id: 'landing.art.smartTv', defaultMessage: 'Smart TV', description: 'Under a TV maker’s name' },
  streaming: { id: 'landing.art.streaming', defaultMessage: 'Streaming', description: 'Under Roku’s name' },
  pcLaptop: { id: 'landing.art.pcLaptop', defaultMessage: 'PC & laptop', description: 'Under Windows' },
});

export type ArtWords = Record<keyof typeof WORDS, string>;

/** The pictures' words in the page's language. */
export function useArtWords(): ArtWords {
  const intl = useIntl();
  return Object.fromEntries(
    Object.entries(WORDS).map(([key, message]) => [key, intl.formatMessage(message)]),
  ) as ArtWords;
}

/** A time on the TV's clock, as the page's language writes times ('20:45'; Arabic '8:45 م'). */
export function useArtTime(): (hours: number, minutes: number) => string {
  const intl = useIntl();
  const { locale } = useLocale();
  return (hours, minutes) => formatTimeIn(intl, locale, new Date(2000, 0, 1, hours, minutes));
}

/** The channel list's count ('· 1,248 channels'). */
export function useChannelCount(count: number): string {
  const intl = useIntl();
  return intl.formatMessage(
    {
      id: 'landing.art.channelCount',
      defaultMessage: '· {count, plural, one {# channel} other {# channels}}',
    },
    { count },
  );
}
