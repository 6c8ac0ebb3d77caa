import { type ArtProps, Artwork, ArtText } from './Artwork';
import { useArtWords } from './words';

/** The TV app's parental controls. Drawn in the page's language (was illustrations/parental-controls.svg). */
export function ParentalControlsArt(props: ArtProps) {
  const w = useArtWords();
  return (
    <Artwork viewBox="0 0 480 360" {...props}>
      <defs>
        <radialGradient id="parental-art-glow" cx=".5" cy=".5" r=".5">
          <stop offset="0" stopColor="#7850ff" stopOpacity=".35" />
          <stop offset="1" stopColor="#7850ff" stopOpacity="0" />
        </radialGradient>
      </defs>
      <ellipse cx="240" cy="180" rx="240" ry="180" fill="url(#parental-art-glow)" />
      <rect x="60" y="30" width="360" height="300" rx="20" fill="#14141a" stroke="#2c2c38" strokeWidth="2" />
      <rect x="84" y="54" width="36" height="36" rx="10" fill="#2a2110" />
      <g fill="none" stroke="#ffb020" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round">
        <rect x="93" y="70" width="18" height="13" rx="3" />
        <path d="M96 70v-4a6 6 0 0 1 12 0v4" />
      </g>
      <ArtText x={134} y={70} size={17} fill="#f4f4f6" weight={700}>
        {w.parentalControls}
      </ArtText>
      <ArtText x={134} y={88} size={12} fill="#a9a9b8">
        {w.enterParentPin}
      </ArtText>
      <rect x="136" y="106" width="44" height="48" rx="10" fill="#0b0b10" stroke="#2c2c38" strokeWidth="2" />
      <circle cx="158" cy="130" r="6" fill="#f4f4f6" />
      <rect x="192" y="106" width="44" height="48" rx="10" fill="#0b0b10" stroke="#2c2c38" strokeWidth="2" />
      <circle cx="214" cy="130" r="6" fill="#f4f4f6" />
      <rect x="248" y="106" width="44" height="48" rx="10" fill="#0b0b10" stroke="#2c2c38" strokeWidth="2" />
      <circle cx="270" cy="130" r="6" fill="#f4f4f6" />
      <rect x="304" y="106" width="44" height="48" rx="10" fill="#0b0b10" stroke="#ffb020" strokeWidth="2" />
      <path d="M326 120v20" stroke="#ffb020" strokeWidth="2" />
      <ArtText x={84} y={186} size={11} fill="#a9a9b8" weight={700} caps spacing={1.5}>
        {w.allowedRatings}
      </ArtText>
      <rect x="84" y="196" width="44" height="30" rx="8" fill="#10261d" stroke="#34d399" strokeWidth="1.5" />
      <ArtText x={106} y={216} size={13} fill="#34d399" weight={700} anchor="middle" ltr>
        G
      </ArtText>
      <rect x="136" y="196" width="44" height="30" rx="8" fill="#10261d" stroke="#34d399" strokeWidth="1.5" />
      <ArtText x={158} y={216} size={13} fill="#34d399" weight={700} anchor="middle" ltr>
        PG
      </ArtText>
      <rect x="188" y="196" width="64" height="30" rx="8" fill="#10261d" stroke="#34d399" strokeWidth="1.5" />
      <ArtText x={220} y={216} size={13} fill="#34d399" weight={700} anchor="middle" ltr>
        PG-13
      </ArtText>
      <rect x="260" y="196" width="44" height="30" rx="8" fill="#1c1c24" stroke="#2c2c38" strokeWidth="1.5" />
      <ArtText x={282} y={216} size={13} fill="#6b6b7a" weight={700} anchor="middle" ltr>
        R
      </ArtText>
      <rect x="312" y="196" width="64" height="30" rx="8" fill="#1c1c24" stroke="#2c2c38" strokeWidth="1.5" />
      <ArtText x={344} y={216} size={13} fill="#6b6b7a" weight={700} anchor="middle" ltr>
        NC-17
      </ArtText>
      <ArtText x={84} y={254} size={11} fill="#a9a9b8" weight={700} caps spacing={1.5}>
        {w.categories}
      </ArtText>
      <rect x="84" y="264" width="74" height="30" rx="8" fill="#10261d" stroke="#34d399" strokeWidth="1.5" />
      <ArtText x={96} until={130} y={284} size={13} fill="#34d399" weight={700}>
        {w.kidsCategory}
      </ArtText>
      <path
        d="M136 279l4 4 7-8"
        fill="none"
        stroke="#34d399"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <rect x="166" y="264" width="88" height="30" rx="8" fill="#10261d" stroke="#34d399" strokeWidth="1.5" />
      <ArtText x={178} until={226} y={284} size={13} fill="#34d399" weight={700}>
        {w.family}
      </ArtText>
      <path
        d="M232 279l4 4 7-8"
        fill="none"
        stroke="#34d399"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <rect x="262" y="264" width="82" height="30" rx="8" fill="#1c1c24" stroke="#2c2c38" strokeWidth="1.5" />
      <ArtText x={274} until={316} y={284} size={13} fill="#6b6b7a" weight={700}>
        {w.adult}
      </ArtText>
      <g fill="none" stroke="#6b6b7a" strokeWidth="1.8" strokeLinecap="round">
        <rect x="321" y="278" width="11" height="8" rx="2" />
        <path d="M323 278v-2.5a3.5 3.5 0 0 1 7 0v2.5" />
      </g>
      <path
        d="M418 252l36 14v24c0 24-16 42-36 50-20-8-36-26-36-50v-24z"
        fill="#2a2110"
        stroke="#ffb020"
        strokeWidth="3"
        strokeLinejoin="round"
      />
      <path
        d="M403 296l11 11 20-22"
        fill="none"
        stroke="#ffb020"
        strokeWidth="4"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </Artwork>
  );
}
