import { type MessageDescriptor, defineMessages } from 'react-intl';

/**
 * The site's own artwork, served from client/public/images. Each entry carries its intrinsic size so every
 * <img> reserves its box before the file arrives (no layout shift). The files are original drawings: generic
 * glyphs, never a platform's trademark logo.
 */
export interface SiteImage {
  src: string;
  width: number;
  height: number;
}

const image = (src: string, width: number, height: number): SiteImage => ({ src: `/images/${src}`, width, height });

/** A compatible device's badge (components/landing/artwork/DeviceBadge.tsx draws it, in the page's language). */
export type PlatformBadge = 'samsung' | 'lg' | 'sony' | 'android' | 'windows' | 'roku' | 'apple';

export interface Platform {
  /** The device's name as the site shows it in English (a key). */
  name: string;
  /** The same in the page's language (`intl.formatMessage(platform.label)`). */
  label: MessageDescriptor;
  badge: PlatformBadge;
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
function platform(name: string, label: MessageDescriptor, badge: PlatformBadge, icon: string): Platform {
  return { name, label, badge, icon: image(`os/${icon}`, 64, 64) };
}

/** The compatible devices, in the order the site lists them. */
export const PLATFORMS: Platform[] = [
  platform('Samsung smart TV', PLATFORM_NAMES.samsung, 'samsung', 'samsung.svg'),
  platform('LG webOS', PLATFORM_NAMES.lg, 'lg', 'lg.svg'),
  platform('Sony smart TV', PLATFORM_NAMES.sony, 'sony', 'sony.svg'),
  platform('Android TV', PLATFORM_NAMES.android, 'android', 'android.svg'),
  platform('Windows', PLATFORM_NAMES.windows, 'windows', 'windows.svg'),
  platform('Roku', PLATFORM_NAMES.roku, 'roku', 'roku.svg'),
  platform('Apple TV', PLATFORM_NAMES.apple, 'apple', 'apple.svg'),
];

/*
 * The pictures of the TV app with words on them (its home screen, film library, channels, film details, player,
 * parental controls, stream health) are not files: components/landing/artwork/ draws them with their words in the
 * page's language.
 */
export const ILLUSTRATIONS = {
  introPoster: image('illustrations/intro-poster.svg', 640, 360),
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
