import { type ArtProps, Artwork, ArtText } from './Artwork';
import { useArtWords } from './words';

/** The TV app's film details. Drawn in the page's language (was screens/movie-details.svg). */
export function MovieDetailsArt(props: ArtProps) {
  const w = useArtWords();
  return (
    <Artwork viewBox="0 0 640 360" {...props}>
      <defs>
        <linearGradient id="movie-art-b" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#2a1747" />
          <stop offset="1" stopColor="#08080c" />
        </linearGradient>
        <linearGradient id="movie-art-p" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#ff8a3d" />
          <stop offset="1" stopColor="#7850ff" />
        </linearGradient>
      </defs>
      <rect width="640" height="360" rx="14" fill="url(#movie-art-b)" />
      <path d="M0 150l90-40 80 30 110-60 120 50 90-30 150 40v40H0z" fill="#ffffff" opacity=".04" />
      <rect x="24" y="28" width="150" height="225" rx="10" fill="url(#movie-art-p)" />
      <circle cx="120" cy="86" r="22" fill="#ffe3b0" opacity=".9" />
      <path
        d="M24 196l40-34 30 22 40-40 40 36v59a10 10 0 0 1-10 10H34a10 10 0 0 1-10-10z"
        fill="#1a0f2e"
        opacity=".85"
      />
      <path d="M80 204h36l-6 10H86z" fill="#ffe3b0" />
      <path d="M98 204v-22l12 16z" fill="#ffe3b0" />
      <ArtText x={196} y={62} size={28} fill="#f4f4f6" weight={800}>
        {w.longVoyage}
      </ArtText>
      <ArtText x={196} y={88} size={13} fill="#a9a9b8">
        {w.longVoyageFacts}
      </ArtText>
      <rect x="196" y="104" width="380" height="8" rx="4" fill="#ffffff" opacity=".16" />
      <rect x="196" y="120" width="330" height="8" rx="4" fill="#ffffff" opacity=".16" />
      <rect x="196" y="144" width="96" height="34" rx="17" fill="#ffb020" />
      <path d="M216 153v16l13-8z" fill="#000" />
      <ArtText x={236} y={166} size={14} fill="#000" weight={700}>
        {w.play}
      </ArtText>
      <rect x="302" y="144" width="96" height="34" rx="17" fill="none" stroke="#5a5a6a" strokeWidth="1.5" />
      <ArtText x={350} y={166} size={14} fill="#f4f4f6" weight={600} anchor="middle">
        {w.trailer}
      </ArtText>
      <rect x="408" y="144" width="34" height="34" rx="17" fill="none" stroke="#5a5a6a" strokeWidth="1.5" />
      <path d="M425 153v16M417 161h16" stroke="#f4f4f6" strokeWidth="2" strokeLinecap="round" />
      <ArtText x={196} y={214} size={11} fill="#a9a9b8" weight={700} caps spacing={1.5}>
        {w.audio}
      </ArtText>
      <rect x="196" y="224" width="92" height="30" rx="8" fill="#2a2110" stroke="#ffb020" strokeWidth="1.5" />
      <ArtText x={242} y={244} size={13} fill="#ffc44d" weight={700} anchor="middle" ltr>
        English 5.1
      </ArtText>
      <rect x="296" y="224" width="76" height="30" rx="8" fill="#14141a" stroke="#2c2c38" strokeWidth="1.5" />
      <ArtText x={334} y={244} size={13} fill="#d4d4dc" anchor="middle" ltr>
        Español
      </ArtText>
      <rect x="380" y="224" width="80" height="30" rx="8" fill="#14141a" stroke="#2c2c38" strokeWidth="1.5" />
      <ArtText x={420} y={244} size={13} fill="#d4d4dc" anchor="middle" ltr>
        Français
      </ArtText>
      <ArtText x={196} y={282} size={11} fill="#a9a9b8" weight={700} caps spacing={1.5}>
        {w.subtitles}
      </ArtText>
      <rect x="196" y="292" width="52" height="30" rx="8" fill="#14141a" stroke="#2c2c38" strokeWidth="1.5" />
      <ArtText x={222} y={312} size={13} fill="#d4d4dc" anchor="middle">
        {w.off}
      </ArtText>
      <rect x="256" y="292" width="76" height="30" rx="8" fill="#2a2110" stroke="#ffb020" strokeWidth="1.5" />
      <ArtText x={294} y={312} size={13} fill="#ffc44d" weight={700} anchor="middle" ltr>
        English
      </ArtText>
      <rect x="340" y="292" width="76" height="30" rx="8" fill="#14141a" stroke="#2c2c38" strokeWidth="1.5" />
      <ArtText x={378} y={312} size={13} fill="#d4d4dc" anchor="middle" ltr>
        Deutsch
      </ArtText>
      <rect x="424" y="292" width="68" height="30" rx="8" fill="#14141a" stroke="#2c2c38" strokeWidth="1.5" />
      <ArtText x={458} y={312} size={13} fill="#d4d4dc" anchor="middle">
        {w.arabic}
      </ArtText>
    </Artwork>
  );
}
