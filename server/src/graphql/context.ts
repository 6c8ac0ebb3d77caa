import type { Request, Response } from 'express';
import type { Config } from '../config';
import { DomainError, NOT_SIGNED_IN_MESSAGE } from '../common/errors';
import type { DeviceEntity } from '../device/device.entity';
import type { AuthenticatedVia } from '../auth/authenticate';
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

/** The calling device, or UNAUTHENTICATED: every device-scoped field starts here. */
export function requireDevice(ctx: GraphQLContext): DeviceEntity {
  if (!ctx.device) throw new DomainError('UNAUTHENTICATED', NOT_SIGNED_IN_MESSAGE);
  return ctx.device;
}
