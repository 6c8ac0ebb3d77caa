import { type ArtProps, Artwork, ArtText } from './Artwork';
import { useArtWords } from './words';

/** A playlist streaming to a TV, with its guide. Drawn in the page's language (was illustrations/reliability.svg). */
export function ReliabilityArt(props: ArtProps) {
  const w = useArtWords();
  return (
    <Artwork viewBox="0 0 480 360" {...props}>
      <defs>
        <radialGradient id="reliability-art-glow" cx=".5" cy=".5" r=".5">
          <stop offset="0" stopColor="#2dd4bf" stopOpacity=".25" />
          <stop offset="1" stopColor="#2dd4bf" stopOpacity="0" />
        </radialGradient>
        <linearGradient id="reliability-art-line" x1="0" y1="0" x2="1" y2="0">
          <stop offset="0" stopColor="#2dd4bf" />
          <stop offset="1" stopColor="#ffb020" />
        </linearGradient>
      </defs>
      <ellipse cx="240" cy="160" rx="240" ry="160" fill="url(#reliability-art-glow)" />
      <path d="M60 30h66l22 22v86H60z" fill="#14141a" stroke="#2c2c38" strokeWidth="2" strokeLinejoin="round" />
      <path d="M126 30v22h22" fill="none" stroke="#2c2c38" strokeWidth="2" strokeLinejoin="round" />
      <ArtText x={104} y={100} size={17} fill="#ffb020" weight={800} anchor="middle" ltr>
        M3U
      </ArtText>
      <rect x="74" y="112" width="60" height="5" rx="2.5" fill="#2c2c38" />
      <rect x="74" y="122" width="44" height="5" rx="2.5" fill="#2c2c38" />
      <path
        d="M160 84h130"
        stroke="url(#reliability-art-line)"
        strokeWidth="4"
        strokeDasharray="2 12"
        strokeLinecap="round"
      />
      <circle cx="225" cy="84" r="14" fill="#0b0b10" stroke="#2dd4bf" strokeWidth="3" />
      <path d="M220 77v14l11-7z" fill="#2dd4bf" />
      <rect x="302" y="36" width="130" height="86" rx="8" fill="#030305" stroke="#2c2c38" strokeWidth="3" />
      <rect x="310" y="44" width="114" height="70" rx="4" fill="#0f3b57" />
      <path d="M310 100l28-20 22 14 30-24 34 26v18H310z" fill="#0b1d2b" />
      <path d="M352 122h30l6 12h-42z" fill="#1c1c24" />
      <path
        d="M60 186c30-14 50 8 80-2s44-26 74-12 40 18 70 4 44-20 74-8 46 10 62 2"
        fill="none"
        stroke="url(#reliability-art-line)"
        strokeWidth="3"
        strokeLinecap="round"
      />
      <ArtText x={60} y={164} size={11} fill="#a9a9b8" weight={700} caps spacing={1.5}>
        {w.streamHealth}
      </ArtText>
      <rect x="60" y="214" width="360" height="122" rx="14" fill="#14141a" stroke="#2c2c38" strokeWidth="2" />
      <ArtText x={78} y={240} size={12} fill="#a9a9b8" weight={700} caps spacing={1.5}>
        {w.providerGuide}
      </ArtText>
      <rect x="78" y="252" width="120" height="20" rx="5" fill="#3b1d6e" />
      <rect x="204" y="252" width="96" height="20" rx="5" fill="#0f3b57" />
      <rect x="306" y="252" width="110" height="20" rx="5" fill="#5b2a1e" />
      <rect x="78" y="278" width="80" height="20" rx="5" fill="#1f3b2b" />
      <rect x="164" y="278" width="150" height="20" rx="5" fill="#3b1d6e" />
      <rect x="320" y="278" width="96" height="20" rx="5" fill="#0f3b57" />
      <rect x="78" y="304" width="140" height="20" rx="5" fill="#5b2a1e" />
      <rect x="224" y="304" width="96" height="20" rx="5" fill="#1f3b2b" />
      <rect x="326" y="304" width="90" height="20" rx="5" fill="#3b1d6e" />
      <path d="M232 248v84" stroke="#ffb020" strokeWidth="2" />
      <circle cx="232" cy="248" r="4" fill="#ffb020" />
    </Artwork>
  );
}
