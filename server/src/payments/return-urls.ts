import type { Request } from 'express';
import type { Config } from '../config';

const LOOPBACK_ORIGIN = /^http:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/;

/**
 * The origin the owner's browser is using, for the pages a provider sends it back to: the request's own origin
 * when it is an allowed one (or a loopback address outside production), otherwise PUBLIC_URL. A forged Host
 * header therefore cannot send anyone's browser elsewhere.
 */
export function siteBaseFor(
  req: Request,
  config: Pick<Config, 'allowedOrigins' | 'isProduction' | 'publicUrl'>,
): string {
  const own = `${req.protocol}://${req.get('host') ?? ''}`;
  if (config.allowedOrigins.includes(own)) return own;
  if (!config.isProduction && LOOPBACK_ORIGIN.test(own)) return own;
  return config.publicUrl;
}
