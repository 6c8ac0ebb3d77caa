import type { Resolvers } from './__generated__/resolvers-types';
import { appConfigResolvers } from './app-config/app-config.resolvers';
import { contactResolvers } from './contact/contact.resolvers';
import { deviceResolvers } from './device/device.resolvers';
import { tvSessionResolvers } from './device/tv-session.resolvers';
import { tvLinkResolvers } from './device/tv-link.resolvers';
import { playlistResolvers } from './playlist/playlist.resolvers';
import { pricingResolvers } from './pricing/pricing.resolvers';
import { paymentResolvers } from './payments/payment.resolvers';
import { playlistCheckResolvers } from './playlist-check/playlist-check.resolvers';
import { DateTimeScalar } from './graphql/scalars';

/**
 * The graph's resolver map, assembled from each domain's resolvers (`<domain>/<domain>.resolvers.ts`). A new
 * query, mutation or type field of a domain is added in that domain's file and spread here once.
 */
export const resolvers: Resolvers = {
  DateTime: DateTimeScalar,
  Query: {
    ping: () => true,
    ...appConfigResolvers.Query,
    ...deviceResolvers.Query,
    ...playlistResolvers.Query,
    ...pricingResolvers.Query,
    ...paymentResolvers.Query,
    ...tvLinkResolvers.Query,
  },
  Mutation: {
    ping: () => true,
    ...deviceResolvers.Mutation,
    ...tvSessionResolvers.Mutation,
    ...tvLinkResolvers.Mutation,
    ...contactResolvers.Mutation,
    ...playlistResolvers.Mutation,
    ...paymentResolvers.Mutation,
    ...playlistCheckResolvers.Mutation,
  },
  Playlist: playlistResolvers.Playlist,
  PlaylistCheck: playlistCheckResolvers.PlaylistCheck,
  XcCheck: playlistCheckResolvers.XcCheck,
  Device: { ...deviceResolvers.Device, ...paymentResolvers.Device, ...tvSessionResolvers.Device },
  TvSession: tvSessionResolvers.TvSession,
  Activation: paymentResolvers.Activation,
  PaymentMethod: paymentResolvers.PaymentMethod,
  ActivationStatus: paymentResolvers.ActivationStatus,
  PaymentDisputeState: paymentResolvers.PaymentDisputeState,
};
