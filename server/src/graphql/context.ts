import { HeaderMap, type ContextFunction } from '@apollo/server';
import type { ExpressContextFunctionArgument } from '@as-integrations/express5';
import type { Request, Response } from 'express';
import { GraphQLError } from 'graphql';
import type { Config } from '../config';
import { DATABASE_RETRY_AFTER_SECONDS, DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from '../db/unavailable';
import { messages } from '../../../common/messages';
import { bearerChallenge, DomainError, NOT_SIGNED_IN_MESSAGE } from '../common/errors';
import type { DeviceEntity } from '../device/device.entity';
import type { TokenCaller } from '../device/device-token.service';
import { authenticate, clientIp, type AuthenticatedVia, type Authentication } from '../auth/authenticate';
import { AUTHENTICATION } from './persisted';
import type { Services } from '../services';

/** What every resolver receives. Built once per HTTP request. */
export interface GraphQLContext {
  req: Request;
  res: Response;
  config: Config;
  services: Services;
  clientIp: string;
  /** The signed-in device (portal session) or the TV authenticated by its token; null when anonymous. */
  device: DeviceEntity | null;
  via: AuthenticatedVia | null;
  /** The TV token's id when `via` is 'token'. */
  tokenId: string | null;
}

/**
 * The context function for `expressMiddleware`: who is calling (session cookie or TV token) and from where. A
 * token that is present but opens nothing answers 401 with `WWW-Authenticate: Bearer error="invalid_token"`
 * (RFC 6750) before anything runs, so a TV app learns at once that it is signed out; a database that cannot be
 * reached answers 503 with Retry-After, as everywhere else.
 */
export function graphContext(
  config: Config,
  services: Services,
): ContextFunction<[ExpressContextFunctionArgument], GraphQLContext> {
  return async ({ req, res }) => {
    try {
      // Worked out already for a conditional GET (graphql/persisted.ts).
      const known = res.locals[AUTHENTICATION] as Authentication | undefined;
      const { device, via, tokenId } = known ?? (await authenticate(req, services.devices));
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

/**
 * The device of the owner's portal session: what everything a device owns needs (its playlists' changes and
 * checks, payments, Switch MAC, the list of its TVs). A TV's token is a device credential, not an owner's, and is
 * refused with FORBIDDEN; no caller at all is UNAUTHENTICATED. The REST twin is http/body.ts requireOwner.
 */
export function requireOwner(ctx: GraphQLContext): DeviceEntity {
  const device = requireTvOrOwner(ctx);
  if (ctx.via !== 'session') throw new DomainError('FORBIDDEN', messages.tv.ownerOnly);
  return device;
}

/**
 * The calling device, the owner's session or a TV's token, for the few things a TV may do: read the device and
 * its playlists, unlock a playlist, check the parent PIN, and (with the current one) change the device key or
 * parent PIN. Anything else needs requireOwner.
 */
export function requireTvOrOwner(ctx: GraphQLContext): DeviceEntity {
  if (!ctx.device) throw new DomainError('UNAUTHENTICATED', NOT_SIGNED_IN_MESSAGE);
  return ctx.device;
}

/** The calling TV (its token), for what only a TV does: renewing its token, reporting its app version. */
export function requireTv(ctx: GraphQLContext, refusal: string): TokenCaller {
  const device = requireTvOrOwner(ctx);
  if (ctx.via !== 'token' || !ctx.tokenId) throw new DomainError('FORBIDDEN', refusal);
  return { device, tokenId: ctx.tokenId };
}
