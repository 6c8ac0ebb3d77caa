import { type ArtProps, Artwork, ArtText } from './Artwork';
import { useArtWords } from './words';

/** The app's film library on a large TV. Drawn in the page's language (was illustrations/tv-preview.svg). */
export function TvPreviewArt(props: ArtProps) {
  const w = useArtWords();
  return (
    <Artwork viewBox="0 0 960 600" {...props}>
      <defs>
        <linearGradient id="preview-art-hero" x1="0" y1="0" x2="1" y2="0">
          <stop offset="0" stopColor="#0b0b10" />
          <stop offset=".55" stopColor="#2a1747" stopOpacity=".6" />
          <stop offset="1" stopColor="#ff8a3d" stopOpacity=".75" />
        </linearGradient>
        <linearGradient id="preview-art-fade" x1="0" y1="0" x2="1" y2="0">
          <stop offset=".35" stopColor="#0b0b10" />
          <stop offset=".7" stopColor="#0b0b10" stopOpacity="0" />
        </linearGradient>
      </defs>
      <rect x="400" y="556" width="160" height="10" rx="4" fill="#2c2c38" />
      <path d="M300 576l40-26h280l40 26z" fill="#1c1c24" />
      <rect x="8" y="8" width="944" height="540" rx="16" fill="#030305" stroke="#2c2c38" strokeWidth="4" />
      <rect x="20" y="20" width="920" height="516" rx="6" fill="#0b0b10" />
      <rect x="20" y="20" width="64" height="516" fill="#101016" />
      <rect x="38" y="40" width="28" height="28" rx="8" fill="#ffb020" />
      <path d="M48 46.5v15l11-7.5z" fill="#000" />
      <rect x="40" y="110" width="24" height="24" rx="6" fill="#1c1c24" />
      <rect x="36" y="160" width="32" height="32" rx="9" fill="#2a2110" stroke="#ffb020" strokeWidth="2" />
      <rect x="40" y="210" width="24" height="24" rx="6" fill="#1c1c24" />
      <rect x="40" y="260" width="24" height="24" rx="6" fill="#1c1c24" />
      <rect x="40" y="310" width="24" height="24" rx="6" fill="#1c1c24" />
      <rect x="84" y="20" width="856" height="260" fill="url(#preview-art-hero)" />
      <circle cx="790" cy="120" r="60" fill="#ffd27a" opacity=".9" />
      <path d="M480 280l110-90 90 60 100-80 160 110z" fill="#1a0f2e" />
      <rect x="84" y="20" width="856" height="260" fill="url(#preview-art-fade)" />
      <ArtText x={118} y={96} size={13} fill="#ffb020" weight={800} caps spacing={2}>
        {w.featured}
      </ArtText>
      <ArtText x={116} y={142} size={42} fill="#f4f4f6" weight={800}>
        {w.northernLights}
      </ArtText>
      <ArtText x={118} y={172} size={15} fill="#a9a9b8">
        {w.northernLightsFacts}
      </ArtText>
      <rect x="118" y="196" width="120" height="40" rx="20" fill="#ffb020" />
      <path d="M140 206v20l16-10z" fill="#000" />
      <ArtText x={164} y={222} size={16} fill="#000" weight={700}>
        {w.play}
      </ArtText>
      <rect x="250" y="196" width="120" height="40" rx="20" fill="none" stroke="#5a5a6a" strokeWidth="2" />
      <ArtText x={310} y={222} size={16} fill="#f4f4f6" weight={600} anchor="middle">
        {w.details}
      </ArtText>
      <ArtText x={116} y={318} size={16} fill="#f4f4f6" weight={700}>
        {w.trendingMovies}
      </ArtText>
      <rect x="116" y="332" width="106" height="150" rx="10" fill="#3b1d6e" />
      <rect x="126" y="456" width="62" height="8" rx="4" fill="#ffffff" opacity=".35" />
      <rect x="234" y="332" width="106" height="150" rx="10" fill="#7a2e1e" />
      <rect x="244" y="456" width="62" height="8" rx="4" fill="#ffffff" opacity=".35" />
      <rect x="352" y="332" width="106" height="150" rx="10" fill="#0f3b57" />
      <rect x="362" y="456" width="62" height="8" rx="4" fill="#ffffff" opacity=".35" />
      <rect x="470" y="332" width="106" height="150" rx="10" fill="#1f3b2b" />
      <rect x="480" y="456" width="62" height="8" rx="4" fill="#ffffff" opacity=".35" />
      <rect x="588" y="332" width="106" height="150" rx="10" fill="#5b2a6e" />
      <rect x="598" y="456" width="62" height="8" rx="4" fill="#ffffff" opacity=".35" />
      <rect x="706" y="332" width="106" height="150" rx="10" fill="#2a2f45" />
      <rect x="716" y="456" width="62" height="8" rx="4" fill="#ffffff" opacity=".35" />
      <rect x="824" y="332" width="106" height="150" rx="10" fill="#6b4a12" />
      <rect x="834" y="456" width="62" height="8" rx="4" fill="#ffffff" opacity=".35" />
      <rect x="113" y="329" width="112" height="156" rx="12" fill="none" stroke="#fff" strokeWidth="3" />
    </Artwork>
  );
}
