import { HeaderMap, type ContextFunction } from '@apollo/server';
import type { ExpressContextFunctionArgument } from '@as-integrations/express5';
import type { Request, Response } from 'express';
import { GraphQLError } from 'graphql';
import type { Config } from '../config';
import { DATABASE_RETRY_AFTER_SECONDS, DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from '../db/unavailable';
import { DomainError, NOT_SIGNED_IN_MESSAGE } from '../common/errors';
import type { DeviceEntity } from '../device/device.entity';
import { authenticate, clientIp, type AuthenticatedVia } from '../auth/authenticate';
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
}

/**
 * The context function for `expressMiddleware`: who is calling (session cookie or TV token) and from where. A
 * token that is present but wrong answers 401 before anything runs, so a TV app learns at once that it must
 * register again; a database that cannot be reached answers 503 with Retry-After, as everywhere else.
 */
export function graphContext(
  config: Config,
  services: Services,
): ContextFunction<[ExpressContextFunctionArgument], GraphQLContext> {
  return async ({ req, res }) => {
    try {
      const { device, via } = await authenticate(req, services.devices);
      return { req, res, config, services, clientIp: clientIp(req), device, via };
    } catch (err) {
      if (err instanceof DomainError) {
        throw new GraphQLError(err.message, { extensions: { code: err.code, http: { status: 401 } } });
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

/** The calling device, or UNAUTHENTICATED: every device-scoped field starts here. */
export function requireDevice(ctx: GraphQLContext): DeviceEntity {
  if (!ctx.device) throw new DomainError('UNAUTHENTICATED', NOT_SIGNED_IN_MESSAGE);
  return ctx.device;
}
