import type { Resolvers } from '../__generated__/resolvers-types';
import { requireOwner } from '../auth/caller';
import { currentLocale } from '../i18n/request-locale';
import { sayIn } from './check-messages';
import { epgOf, m3uOf, streamsOf, warningsOf } from './check.view';
import { stateOfStatus } from './xc-check';

export const playlistCheckResolvers: Resolvers = {
  Mutation: {
    checkPlaylist: (_parent, { input }, ctx) =>
      ctx.services.playlistChecks.checkSaved({ deviceId: requireOwner(ctx).id, clientIp: ctx.clientIp }, input),
    checkPlaylistValues: (_parent, { input }, ctx) =>
      ctx.services.playlistChecks.checkValues({ deviceId: requireOwner(ctx).id, clientIp: ctx.clientIp }, input),
  },
  PlaylistCheck: {
    checkedAt: (result) => new Date(result.checkedAt),
    message: (result) => (result.said ? sayIn(currentLocale(), result.said.message) : null) ?? result.message,
    warnings: (result) => warningsOf(result, currentLocale()),
    // The guide's note and what a TV cannot open, said here: the graph resolves PlaylistCheck's own fields.
    epg: (result) => epgOf(result.epg, currentLocale()),
    m3u: (result) => m3uOf(result.m3u, currentLocale()),
    streams: (result) => streamsOf(result.streams, currentLocale()),
  },
  // Results stored as a playlist's last check before these fields existed lack them (m3uOf and epgOf fill theirs).
  XcCheck: {
    expiresAt: (xc) => (xc.expiresAt ? new Date(xc.expiresAt) : null),
    state: (xc) => xc.state ?? stateOfStatus(xc.status),
    allowedFormats: (xc) => xc.allowedFormats ?? null,
  },
};
