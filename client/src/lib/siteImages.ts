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
  /** The device's name as the site shows it. */
  name: string;
  badge: SiteImage;
  icon: SiteImage;
}

/** The compatible devices, in the order the site lists them. */
export const PLATFORMS: Platform[] = [
  { name: 'Samsung smart TV', badge: image('devices/samsung-tv.svg', 220, 72), icon: image('os/samsung.svg', 64, 64) },
  { name: 'LG webOS', badge: image('devices/lg-webos.svg', 220, 72), icon: image('os/lg.svg', 64, 64) },
  { name: 'Sony smart TV', badge: image('devices/sony-tv.svg', 220, 72), icon: image('os/sony.svg', 64, 64) },
  { name: 'Android TV', badge: image('devices/android-tv.svg', 220, 72), icon: image('os/android.svg', 64, 64) },
  { name: 'Windows', badge: image('devices/windows.svg', 220, 72), icon: image('os/windows.svg', 64, 64) },
  { name: 'Roku', badge: image('devices/roku.svg', 220, 72), icon: image('os/roku.svg', 64, 64) },
  { name: 'Apple TV', badge: image('devices/apple-tv.svg', 220, 72), icon: image('os/apple.svg', 64, 64) },
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
