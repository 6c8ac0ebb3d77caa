import { Fragment } from 'react';
import { type ArtProps, Artwork, ArtText } from './Artwork';
import { useArtTime, useArtWords, useChannelCount } from './words';

/** The channels under the selected one: number, logo colour, name, and whether it is a favourite. */
const CHANNELS: [string, string, string, boolean][] = [
  ['202', '#f97316', 'Arena Sports 2', false],
  ['203', '#22c55e', 'Goal TV', false],
  ['204', '#eab308', 'Tennis Live', true],
  ['205', '#3b82f6', 'Motor World', false],
  ['206', '#a855f7', 'Fight Night', false],
  ['207', '#14b8a6', 'Golf Channel', false],
];

/** A favourite's star at the end of a channel's row, its top at y. */
const star = (y: number) => `M366 ${y}l2 4 4.5.6-3.2 3 .8 4.4-4.1-2.2-4.1 2.2.8-4.4-3.2-3 4.5-.6z`;

/** The TV app's live channels. Drawn in the page's language (was screens/channel-list.svg). */
export function ChannelListArt(props: ArtProps) {
  const w = useArtWords();
  const time = useArtTime();
  const channelCount = useChannelCount(1248);
  return (
    <Artwork viewBox="0 0 640 360" {...props}>
      <defs>
        <linearGradient id="channels-art-v" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#3b1d6e" />
          <stop offset="1" stopColor="#0f3b57" />
        </linearGradient>
      </defs>
      <rect width="640" height="360" rx="14" fill="#08080c" />
      <ArtText x={24} y={36} size={17} fill="#f4f4f6" weight={700}>
        {w.liveTv}
        <tspan fontSize="13" fill="#a9a9b8" fontWeight="400">
          {` ${channelCount}`}
        </tspan>
      </ArtText>
      <ArtText x={616} y={36} size={14} fill="#a9a9b8" anchor="end">
        {time(20, 45)}
      </ArtText>
      <rect x="16" y="52" width="134" height="292" rx="10" fill="#14141a" />
      <ArtText x={36} y={82} size={13} fill="#a9a9b8">
        {w.allChannels}
      </ArtText>
      <ArtText x={36} y={121} size={13} fill="#a9a9b8">
        {w.favourites}
      </ArtText>
      <ArtText x={36} y={160} size={13} fill="#a9a9b8">
        {w.news}
      </ArtText>
      <rect x="24" y="179" width="118" height="31" rx="7" fill="#ffb020" />
      <ArtText x={36} y={199} size={13} fill="#000" weight={700}>
        {w.sports}
      </ArtText>
      <ArtText x={36} y={238} size={13} fill="#a9a9b8">
        {w.movies}
      </ArtText>
      <ArtText x={36} y={277} size={13} fill="#a9a9b8">
        {w.kids}
      </ArtText>
      <ArtText x={36} y={316} size={13} fill="#a9a9b8">
        {w.music}
      </ArtText>
      <rect x="162" y="52" width="220" height="36" rx="8" fill="#2a2110" stroke="#ffb020" strokeWidth="2" />
      <ArtText x={174} y={75} size={12} fill="#a9a9b8" ltr>
        201
      </ArtText>
      <rect x="204" y="59" width="22" height="22" rx="6" fill="#ef4444" />
      <ArtText x={236} y={75} size={13} fill="#f4f4f6" weight={700} ltr>
        Arena Sports 1
      </ArtText>
      <path d={star(64)} fill="#ffb020" />
      {CHANNELS.map(([number, colour, name, favourite], row) => {
        const y = 94 + row * 42;
        return (
          <Fragment key={number}>
            <rect x="162" y={y} width="220" height="36" rx="8" fill="#14141a" />
            <ArtText x={174} y={y + 23} size={12} fill="#a9a9b8" ltr>
              {number}
            </ArtText>
            <rect x="204" y={y + 7} width="22" height="22" rx="6" fill={colour} />
            <ArtText x={236} y={y + 23} size={13} fill="#d4d4dc" ltr>
              {name}
            </ArtText>
            {favourite && <path d={star(y + 12)} fill="#ffb020" />}
          </Fragment>
        );
      })}
      <rect x="394" y="52" width="230" height="130" rx="10" fill="url(#channels-art-v)" />
      <circle cx="560" cy="92" r="18" fill="#ffb020" opacity=".85" />
      <path
        d="M394 150l40-30 34 22 44-38 52 40 60-28v56a10 10 0 0 1-10 10H404a10 10 0 0 1-10-10z"
        fill="#0b1d2b"
        opacity=".9"
      />
      <rect x="404" y="62" width="40" height="16" rx="4" fill="#ef4444" />
      <ArtText x={424} y={74} size={10} fill="#fff" weight={800} anchor="middle" caps>
        {w.live}
      </ArtText>
      <ArtText x={394} y={206} size={15} fill="#f4f4f6" weight={700} ltr>
        Arena Sports 1
      </ArtText>
      <ArtText x={394} y={226} size={12} fill="#a9a9b8">
        {w.nowShowing}
      </ArtText>
      <rect x="394" y="236" width="230" height="5" rx="2.5" fill="#2c2c38" />
      <rect x="394" y="236" width="138" height="5" rx="2.5" fill="#ffb020" />
      <ArtText x={394} y={266} size={11} fill="#a9a9b8" weight={700} caps spacing={1.5}>
        {w.next}
      </ArtText>
      <ArtText x={394} y={286} size={13} fill="#d4d4dc">{`${time(21, 30)} ${w.matchOfTheDay}`}</ArtText>
      <ArtText x={394} y={308} size={13} fill="#d4d4dc">{`${time(23, 0)} ${w.lateKickOff}`}</ArtText>
      <ArtText x={394} y={330} size={13} fill="#d4d4dc">{`${time(0, 30)} ${w.classicFinals}`}</ArtText>
    </Artwork>
  );
}
