import type { ReactNode } from 'react';
import { type ArtProps, Artwork, ArtText } from './Artwork';
import { useArtTime, useArtWords } from './words';

/** The app's home screen, as the hero's picture. Drawn in the page's language (was illustrations/hero-tv.svg). */
export function HeroTvArt(props: ArtProps) {
  const w = useArtWords();
  const time = useArtTime();
  return (
    <Artwork viewBox="0 0 560 420" {...props}>
      <defs>
        <radialGradient id="hero-art-glow" cx=".5" cy=".45" r=".55">
          <stop offset="0" stopColor="#ffb020" stopOpacity=".28" />
          <stop offset="1" stopColor="#ffb020" stopOpacity="0" />
        </radialGradient>
        <linearGradient id="hero-art-scr" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#17131f" />
          <stop offset="1" stopColor="#0d0d13" />
        </linearGradient>
        <linearGradient id="hero-art-a" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#7850ff" />
          <stop offset="1" stopColor="#3b1d6e" />
        </linearGradient>
        <linearGradient id="hero-art-b" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#ffb020" />
          <stop offset="1" stopColor="#e0521f" />
        </linearGradient>
        <linearGradient id="hero-art-c" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#2dd4bf" />
          <stop offset="1" stopColor="#0f5e63" />
        </linearGradient>
        <linearGradient id="hero-art-d" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#ff5e8a" />
          <stop offset="1" stopColor="#7a1f49" />
        </linearGradient>
      </defs>
      <ellipse cx="280" cy="200" rx="280" ry="200" fill="url(#hero-art-glow)" />
      <path d="M232 342h96l14 24H218z" fill="#1c1c24" />
      <rect x="180" y="364" width="200" height="9" rx="4.5" fill="#2c2c38" />
      <rect x="18" y="38" width="524" height="306" rx="18" fill="#030305" stroke="#2c2c38" strokeWidth="4" />
      <rect x="32" y="52" width="496" height="278" rx="8" fill="url(#hero-art-scr)" />
      <rect x="48" y="68" width="22" height="22" rx="6" fill="#ffb020" />
      <path d="M56 73.5v11l8.5-5.5z" fill="#000" />
      <ArtText x={80} y={85} size={15} fill="#f4f4f6" weight={700}>
        {w.goodEvening}
      </ArtText>
      <ArtText x={512} y={85} size={13} fill="#a9a9b8" anchor="end">
        {time(20, 45)}
      </ArtText>
      <Tile x={48} gradient="a" icon="M-10 -8h20v14h-20z M-5 10h10" label={w.liveTv} />
      <rect x="45" y="101" width="113" height="118" rx="12" fill="none" stroke="#fff" strokeWidth="3" />
      <Tile x={167} gradient="b" icon="M-10 -9h20v18h-20z M-10 -3h20 M-4 -9v6 M4 -9v6" label={w.movies} />
      <Tile x={286} gradient="c" icon="M-11 -6h16v14h-16z M-6 -11h16v14" label={w.series} />
      <Tile
        x={405}
        gradient="d"
        icon="M-10 -8h14 M-10 -1h14 M-10 6h9 M7 -4v12 M7 8a3 3 0 1 1 0 0"
        label={w.playlists}
      />
      <ArtText x={48} y={246} size={12} fill="#a9a9b8" weight={700} caps spacing={1.5}>
        {w.continueWatching}
      </ArtText>
      <rect x="48" y="258" width="107" height="56" rx="8" fill="#3b1d6e" />
      <rect x="56" y="302" width="91" height="4" rx="2" fill="#ffffff" opacity=".25" />
      <rect x="56" y="302" width="60" height="4" rx="2" fill="#ffb020" />
      <rect x="167" y="258" width="107" height="56" rx="8" fill="#0f3b57" />
      <rect x="175" y="302" width="91" height="4" rx="2" fill="#ffffff" opacity=".25" />
      <rect x="175" y="302" width="30" height="4" rx="2" fill="#ffb020" />
      <rect x="286" y="258" width="107" height="56" rx="8" fill="#5b2a1e" />
      <rect x="294" y="302" width="91" height="4" rx="2" fill="#ffffff" opacity=".25" />
      <rect x="294" y="302" width="78" height="4" rx="2" fill="#ffb020" />
      <rect x="405" y="258" width="107" height="56" rx="8" fill="#1f3b2b" />
      <rect x="413" y="302" width="91" height="4" rx="2" fill="#ffffff" opacity=".25" />
      <rect x="413" y="302" width="44" height="4" rx="2" fill="#ffb020" />
      <g transform="rotate(12 492 318)">
        <rect x="462" y="226" width="60" height="176" rx="30" fill="#1c1c24" stroke="#3a3a48" strokeWidth="2" />
        <circle cx="492" cy="276" r="20" fill="none" stroke="#ffb020" strokeWidth="3" />
        <circle cx="492" cy="276" r="8" fill="#ffb020" />
        <circle cx="478" cy="316" r="6" fill="#3a3a48" />
        <circle cx="506" cy="316" r="6" fill="#3a3a48" />
        <rect x="478" y="334" width="28" height="6" rx="3" fill="#3a3a48" />
        <rect x="478" y="348" width="28" height="6" rx="3" fill="#3a3a48" />
        <circle cx="492" cy="244" r="4" fill="#ff5e5e" />
      </g>
    </Artwork>
  );
}

/** One of the home screen's four section tiles: its colour, its icon (drawn about the tile's centre) and its name. */
function Tile({ x, gradient, icon, label }: { x: number; gradient: string; icon: string; label: ReactNode }) {
  const middle = x + 53.5;
  return (
    <>
      <rect x={x} y="104" width="107" height="112" rx="10" fill={`url(#hero-art-${gradient})`} />
      <g
        transform={`translate(${middle} 146)`}
        fill="none"
        stroke="#fff"
        strokeWidth="2.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d={icon} />
      </g>
      <ArtText x={middle} y={196} size={13} fill="#fff" weight={700} anchor="middle">
        {label}
      </ArtText>
    </>
  );
}
