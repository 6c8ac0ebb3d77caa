import { type ArtProps, Artwork, ArtText } from './Artwork';
import { useArtWords } from './words';

/** The TV app's player. Drawn in the page's language (was screens/player.svg). */
export function PlayerArt(props: ArtProps) {
  const w = useArtWords();
  return (
    <Artwork viewBox="0 0 640 360" {...props}>
      <defs>
        <linearGradient id="player-art-s" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#141b3d" />
          <stop offset=".55" stopColor="#5b2a6e" />
          <stop offset="1" stopColor="#ff8a3d" />
        </linearGradient>
        <linearGradient id="player-art-o" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#000" stopOpacity="0" />
          <stop offset="1" stopColor="#000" stopOpacity=".85" />
        </linearGradient>
        <clipPath id="player-art-c">
          <rect width="640" height="360" rx="14" />
        </clipPath>
      </defs>
      <g clipPath="url(#player-art-c)">
        <rect width="640" height="360" fill="url(#player-art-s)" />
        <circle cx="250" cy="210" r="46" fill="#ffd27a" />
        <path d="M0 220l70-50 60 36 80-70 90 80 70-44 90 58 80-60 100 70v120H0z" fill="#2b1638" />
        <path d="M0 262l110-40 90 26 120-34 110 30 110-24 100 22v118H0z" fill="#170c22" />
        <rect y="230" width="640" height="130" fill="url(#player-art-o)" />
        <rect y="0" width="640" height="56" fill="#000" opacity=".35" />
      </g>
      <path
        d="M28 22l-8 8 8 8"
        fill="none"
        stroke="#fff"
        strokeWidth="2.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <ArtText x={44} y={35} size={16} fill="#fff" weight={700}>
        {w.longVoyage}
      </ArtText>
      <rect x="432" y="70" width="184" height="172" rx="12" fill="#0b0b10" opacity=".92" />
      <ArtText x={450} y={98} size={13} fill="#a9a9b8" weight={700} caps spacing={1.5}>
        {w.subtitles}
      </ArtText>
      <ArtText x={456} y={129} size={14} fill="#e4e4ea">
        {w.off}
      </ArtText>
      <rect x="442" y="141" width="164" height="28" rx="7" fill="#2a2110" />
      <ArtText x={456} y={160} size={14} fill="#ffc44d" weight={700} ltr>
        English
      </ArtText>
      <path
        d="M584 155l5 5 9-10"
        fill="none"
        stroke="#ffb020"
        strokeWidth="2.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <ArtText x={456} y={191} size={14} fill="#e4e4ea" ltr>
        Deutsch
      </ArtText>
      <ArtText x={456} y={222} size={14} fill="#e4e4ea" ltr>
        Español
      </ArtText>
      <rect x="24" y="318" width="592" height="5" rx="2.5" fill="#ffffff" opacity=".3" />
      <rect x="24" y="318" width="232" height="5" rx="2.5" fill="#ffb020" />
      <circle cx="256" cy="320.5" r="8" fill="#ffb020" />
      <ArtText x={24} y={344} size={12} fill="#e4e4ea" ltr>
        48:12
      </ArtText>
      <ArtText x={616} y={344} size={12} fill="#e4e4ea" anchor="end" ltr>
        2:08:00
      </ArtText>
      <g fill="#fff">
        <rect x="300" y="274" width="7" height="24" rx="2" />
        <rect x="313" y="274" width="7" height="24" rx="2" />
      </g>
      <g fill="none" stroke="#fff" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round">
        <path d="M250 286l12-8v16zM264 286l12-8v16z" />
        <path d="M370 286l-12-8v16zM356 286l-12-8v16z" />
      </g>
      <rect x="520" y="276" width="34" height="22" rx="4" fill="none" stroke="#ffb020" strokeWidth="2" />
      <ArtText x={537} y={292} size={11} fill="#ffb020" weight={800} anchor="middle" ltr>
        CC
      </ArtText>
      <path d="M572 282h6l8-6v20l-8-6h-6z" fill="#fff" />
      <path d="M592 280a8 8 0 0 1 0 12" fill="none" stroke="#fff" strokeWidth="2.5" strokeLinecap="round" />
    </Artwork>
  );
}
