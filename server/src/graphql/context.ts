import type { Request, Response } from 'express';
import type { Config } from '../config';
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
