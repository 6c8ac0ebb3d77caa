import express, { type Request, type Response, type Router } from 'express';
import type { Config } from '../config';
import { DomainError } from '../common/errors';
import { authenticate, clientIp } from '../auth/authenticate';
import { signIn, signOut } from '../auth/session';
import { sendDomainError, type FieldNames } from '../http/errors';
import type { Services } from '../services';
import type { DeviceEntity } from './device.entity';
import { LOGIN_SUCCESS_MESSAGE, type DeviceService } from './device.service';

const LOGIN_FIELDS: FieldNames = {
  macAddress: 'mac_address',
  deviceKey: 'device_key',
  captcha: 'captcha',
  captchaToken: 'token',
};

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

/** A field of a JSON or form body, whatever shape the body has. */
function field(body: unknown, name: string): unknown {
  return body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>)[name] : undefined;
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
      const device = await devices.login(
        {
          macAddress: field(req.body, 'mac_address'),
          deviceKey: field(req.body, 'device_key'),
          captcha: field(req.body, 'captcha'),
          captchaToken: field(req.body, 'token'),
        },
        clientIp(req),
      );
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
