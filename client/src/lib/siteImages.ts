import { type MessageDescriptor, defineMessages } from 'react-intl';

/**
 * The site's own artwork, served from client/public/images. Each entry carries its intrinsic size so every
 * <img> reserves its box before the file arrives (no layout shift). The files are original drawings: generic
 * badges and glyphs with the platform's name as text, never a platform's trademark logo.
 */
export interface SiteImage {
  src: string;
  width: number;
  height: number;
}

const image = (src: string, width: number, height: number): SiteImage => ({ src: `/images/${src}`, width, height });

export interface Platform {
  /** The device's name as the site shows it in English (a key). */
  name: string;
  /** The same in the page's language (`intl.formatMessage(platform.label)`). */
  label: MessageDescriptor;
  badge: SiteImage;
  icon: SiteImage;
}

const PLATFORM_NAMES = defineMessages({
  samsung: { id: 'site.platform.samsung', defaultMessage: 'Samsung smart TV' },
  lg: { id: 'site.platform.lg', defaultMessage: 'LG webOS' },
  sony: { id: 'site.platform.sony', defaultMessage: 'Sony smart TV' },
  android: { id: 'site.platform.android', defaultMessage: 'Android TV' },
  windows: { id: 'site.platform.windows', defaultMessage: 'Windows' },
  roku: { id: 'site.platform.roku', defaultMessage: 'Roku' },
  apple: { id: 'site.platform.apple', defaultMessage: 'Apple TV' },
});

// (The English name is written out again: the build compiles a message's English into a tree, no string.)
function platform(name: string, label: MessageDescriptor, badge: string, icon: string): Platform {
  return {
    name,
    label,
    badge: image(`devices/${badge}`, 220, 72),
    icon: image(`os/${icon}`, 64, 64),
  };
}

/** The compatible devices, in the order the site lists them. */
export const PLATFORMS: Platform[] = [
  platform('Samsung smart TV', PLATFORM_NAMES.samsung, 'samsung-tv.svg', 'samsung.svg'),
  platform('LG webOS', PLATFORM_NAMES.lg, 'lg-webos.svg', 'lg.svg'),
  platform('Sony smart TV', PLATFORM_NAMES.sony, 'sony-tv.svg', 'sony.svg'),
  platform('Android TV', PLATFORM_NAMES.android, 'android-tv.svg', 'android.svg'),
  platform('Windows', PLATFORM_NAMES.windows, 'windows.svg', 'windows.svg'),
  platform('Roku', PLATFORM_NAMES.roku, 'roku.svg', 'roku.svg'),
  platform('Apple TV', PLATFORM_NAMES.apple, 'apple-tv.svg', 'apple.svg'),
];

export const SCREENSHOTS = {
  channelList: image('screens/channel-list.svg', 640, 360),
  movieDetails: image('screens/movie-details.svg', 640, 360),
  player: image('screens/player.svg', 640, 360),
};

export const ILLUSTRATIONS = {
  heroTv: image('illustrations/hero-tv.svg', 560, 420),
  introPoster: image('illustrations/intro-poster.svg', 640, 360),
  tvPreview: image('illustrations/tv-preview.svg', 960, 600),
  parentalControls: image('illustrations/parental-controls.svg', 480, 360),
  reliability: image('illustrations/reliability.svg', 480, 360),
  discover: image('illustrations/discover.svg', 480, 360),
};

export const ICONS = {
  simpleUi: image('icons/simple-ui.svg', 64, 64),
  multilingual: image('icons/multilingual.svg', 64, 64),
  rating: image('icons/rating.svg', 64, 64),
  category: image('icons/category.svg', 64, 64),
  streaming: image('icons/streaming.svg', 64, 64),
  guide: image('icons/guide.svg', 64, 64),
};
