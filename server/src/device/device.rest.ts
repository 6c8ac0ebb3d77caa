import express, { type Request, type Response, type Router } from 'express';
import type { Config } from '../config';
import { DomainError } from '../common/errors';
import { authenticate, clientIp } from '../auth/authenticate';
import { signIn, signOut } from '../auth/session';
import { sendDomainError, type FieldNames } from '../http/errors';
import type { Services } from '../services';
import type { DeviceEntity } from './device.entity';
import { LOGIN_SUCCESS_MESSAGE, type DeviceService } from './device.service';

/** REST body field → service input field, for the login call. */
const LOGIN_BODY = {
  mac_address: 'macAddress',
  device_key: 'deviceKey',
  captcha: 'captcha',
  token: 'captchaToken',
} as const;
const LOGIN_FIELDS: FieldNames = Object.fromEntries(
  Object.entries(LOGIN_BODY).map(([rest, service]) => [service, rest]),
);

/** The device as the legacy portal reads it (spec section 3); secrets never included. */
export function legacyDevice(device: DeviceEntity, devices: DeviceService) {
  const standing = devices.standing(device);
  return {
    mac_address: device.macAddress,
    is_trial: standing.isTrial,
    created_time: device.createdAt.toISOString(),
    expire_date: standing.expireDate?.toISOString() ?? null,
  };
}

/**
 * The fields of a JSON or form body, refusing any field the call does not take: a typo in a field name is
 * reported instead of silently ignored.
 */
function bodyFields<K extends string>(body: unknown, fields: Record<string, K>): Record<K, unknown> {
  const source = body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  const unknown = Object.keys(source).filter((key) => !(key in fields));
  if (unknown.length) {
    const names = unknown
      .slice(0, 5)
      .map((key) => `"${key.slice(0, 40)}"`)
      .join(', ');
    throw new DomainError('BAD_USER_INPUT', `Unknown field${unknown.length === 1 ? '' : 's'}: ${names}.`);
  }
  const out = {} as Record<K, unknown>;
  for (const [restName, serviceName] of Object.entries(fields)) out[serviceName] = source[restName];
  return out;
}

/**
 * The legacy /frontend sign-in paths (spec section 7), over the same services as the graph.
 */
export function deviceRestRouter(services: Services, config: Config): Router {
  const router = express.Router();
  const { devices, captcha } = services;

  router.get('/captcha/generate', async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json(await captcha.create(clientIp(req)));
  });

  router.post('/device/login', async (req: Request, res: Response) => {
    try {
      const device = await devices.login(bodyFields(req.body, LOGIN_BODY), clientIp(req));
      await signIn(req, device.id);
      res.json({ device: legacyDevice(device, devices), message: LOGIN_SUCCESS_MESSAGE });
    } catch (err) {
      if (err instanceof DomainError) return sendDomainError(res, err, LOGIN_FIELDS);
      throw err;
    }
  });

  router.get('/device', async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    const { device } = await authenticate(req, devices);
    if (!device) {
      res.status(401).json({ status: 'error', message: 'You are not signed in.' });
      return;
    }
    res.json({ device: legacyDevice(device, devices) });
  });

  router.get('/device/logout', async (req, res) => {
    await signOut(req, res, config.servedOverHttps);
    res.json({ status: 'success', message: 'You are signed out.' });
  });

  return router;
}
