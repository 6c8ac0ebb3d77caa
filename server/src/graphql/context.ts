import { HeaderMap, type ContextFunction } from '@apollo/server';
import type { ExpressContextFunctionArgument } from '@as-integrations/express5';
import type { Request, Response } from 'express';
import { GraphQLError } from 'graphql';
import type { Config } from '../config';
import { DATABASE_RETRY_AFTER_SECONDS, DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from '../db/unavailable';
import { bearerChallenge, DomainError } from '../common/errors';
import { callerOf, clientIp } from '../auth/authenticate';
import type { Caller } from '../auth/caller';
import type { CaptchaService } from '../captcha/captcha.service';
import type { ContactService } from '../contact/contact.service';
import type { DeviceTokenService } from '../device/device-token.service';
import type { DeviceService } from '../device/device.service';
import type { TvLinkService } from '../device/tv-link.service';
import type { PaymentService } from '../payments/payment.service';
import type { PlaylistCheckService } from '../playlist-check/playlist-check.service';
import type { PlaylistService } from '../playlist/playlist.service';
import type { PricingTerms } from '../pricing/pricing.service';

/** The domain services the graph's resolvers reach through their context (built in services.ts). */
export interface GraphServices {
  captcha: CaptchaService;
  devices: DeviceService;
  /** TV tokens: renewal, revocation and the portal's list of TVs signed in. */
  tokens: DeviceTokenService;
  /** Linking a TV without typing: link codes the owner approves (RFC 8628's device grant). */
  tvLinks: TvLinkService;
  playlists: PlaylistService;
  /** What a licence costs and how it can be paid: configuration, worked out once. */
  pricing: PricingTerms;
  payments: PaymentService;
  playlistChecks: PlaylistCheckService;
  contact: ContactService;
}

/**
 * What every resolver receives, built once per HTTP request: the caller (device, via, tokenId), whom
 * auth/caller.ts's rules take as they are (`requireOwner(ctx)`), and where the request came from.
 */
export interface GraphQLContext extends Caller {
  req: Request;
  res: Response;
  config: Config;
  services: GraphServices;
  clientIp: string;
}

/**
 * The context function for `expressMiddleware`: who is calling (session cookie or TV token) and from where. A
 * token that is present but opens nothing answers 401 with `WWW-Authenticate: Bearer error="invalid_token"`
 * (RFC 6750) before anything runs, so a TV app learns at once that it is signed out; a database that cannot be
 * reached answers 503 with Retry-After, as everywhere else.
 */
export function graphContext(
  config: Config,
  services: GraphServices,
): ContextFunction<[ExpressContextFunctionArgument], GraphQLContext> {
  return async ({ req, res }) => {
    try {
      // Worked out once per request (a conditional GET asked already: graphql/tv-startup-cache.ts).
      const { device, via, tokenId } = await callerOf(req, services.devices);
      return { req, res, config, services, clientIp: clientIp(req), device, via, tokenId };
    } catch (err) {
      if (err instanceof DomainError) {
        const headers = new HeaderMap([['www-authenticate', bearerChallenge(err)]]);
        throw new GraphQLError(err.message, { extensions: { code: err.code, http: { status: 401, headers } } });
      }
      if (isDatabaseUnavailable(err)) {
        const headers = new HeaderMap([['retry-after', String(DATABASE_RETRY_AFTER_SECONDS)]]);
        throw new GraphQLError(DATABASE_UNAVAILABLE_MESSAGE, {
          originalError: err as Error,
          extensions: { code: 'UNAVAILABLE', http: { status: 503, headers } },
        });
      }
      throw err;
    }
  };
}
