import type { ReactNode } from 'react';
import { ArtText, Artwork } from './Artwork';
import type { PlatformBadge } from '../../../lib/siteImages';
import { type ArtWords, useArtWords } from './words';

interface Badge {
  /** The maker's or platform's name, as it writes it. */
  brand: string;
  /** The line under it: a word of ours, in the page's language, or part of the platform's own name. */
  under: { word: keyof ArtWords } | { text: string };
  icon: ReactNode;
}

/** A television's outline (screen and stand), under the marks of the TV platforms' icons. */
const TV_SCREEN = (
  <>
    <rect x="2" y="5" width="36" height="23" rx="3" />
    <path d="M13 36h14M20 28v8" />
  </>
);

/** The compatible devices' badges of the landing page's scrolling strip (were images/devices/*.svg). */
const BADGES: Record<PlatformBadge, Badge> = {
  samsung: {
    brand: 'Samsung',
    under: { word: 'smartTv' },
    icon: TV_SCREEN,
  },
  lg: {
    brand: 'LG',
    under: { text: 'WEBOS TV' },
    icon: (
      <>
        {TV_SCREEN}
        <path d="M16 10l9 4.5-4 1.2-1.6 4z" fill="currentColor" />
      </>
    ),
  },
  sony: {
    brand: 'Sony',
    under: { word: 'smartTv' },
    icon: (
      <>
        {TV_SCREEN}
        <path d="M12 22v-6M17 22v-10M22 22v-8M27 22v-4" />
      </>
    ),
  },
  android: {
    brand: 'Android',
    under: { text: 'TV' },
    icon: (
      <>
        {TV_SCREEN}
        <path d="M17 11.5v10l8-5z" fill="currentColor" />
      </>
    ),
  },
  windows: {
    brand: 'Windows',
    under: { word: 'pcLaptop' },
    icon: (
      <>
        <rect x="6" y="7" width="28" height="19" rx="2" />
        <path d="M1 33h38l-4-7H5z" />
      </>
    ),
  },
  roku: {
    brand: 'Roku',
    under: { word: 'streaming' },
    icon: (
      <>
        <rect x="1" y="15" width="24" height="10" rx="3" />
        <path d="M25 17h6v6h-6" />
        <rect x="31" y="4" width="8" height="32" rx="4" />
        <circle cx="35" cy="11" r="1.5" fill="currentColor" />
      </>
    ),
  },
  apple: {
    brand: 'Apple',
    under: { text: 'TV' },
    icon: (
      <>
        <rect x="1" y="19" width="26" height="12" rx="4" />
        <path d="M5 35h18" />
        <rect x="31" y="4" width="8" height="32" rx="4" />
        <circle cx="35" cy="11" r="2" fill="currentColor" />
      </>
    ),
  },
};

/** A device's badge: its icon, its name, and what it is in the page's language ('Smart TV', 'تلفزيون ذكي'). */
export function DeviceBadge({ name, className }: { name: PlatformBadge; className?: string }) {
  const words = useArtWords();
  const badge = BADGES[name];
  return (
    <Artwork viewBox="0 0 220 72" className={className}>
      <rect x="1" y="1" width="218" height="70" rx="18" fill="#14141a" stroke="#2c2c38" strokeWidth="2" />
      {/* Every icon is drawn with the same amber stroke. */}
      <g
        transform="translate(18 16)"
        fill="none"
        stroke="#ffb020"
        color="#ffb020"
        strokeWidth="3"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        {badge.icon}
      </g>
      <ArtText x={72} y={35} size={21} fill="#f4f4f6" weight={700} ltr>
        {badge.brand}
      </ArtText>
      {'word' in badge.under ? (
        <ArtText x={72} y={54} size={11} fill="#a9a9b8" weight={600} caps spacing={1.5}>
          {words[badge.under.word]}
        </ArtText>
      ) : (
        <ArtText x={72} y={54} size={11} fill="#a9a9b8" weight={600} spacing={1.5} ltr>
          {badge.under.text}
        </ArtText>
      )}
    </Artwork>
  );
}
