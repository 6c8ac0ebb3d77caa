import express, { type Router } from 'express';
import type { Config } from '../config';
import { clientIp } from '../auth/authenticate';
import { signIn, signOut } from '../auth/session';
import { messages } from '../../../common/messages';
import { bodyFields, fieldNamesOf, requireDevice, restHandler } from '../http/body';
import type { FieldNames } from '../http/errors';
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
const LOGIN_FIELDS: FieldNames = fieldNamesOf(LOGIN_BODY);

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
 * The legacy /frontend sign-in paths (spec section 7), over the same services as the graph.
 */
export function deviceRestRouter(services: Services, config: Config): Router {
  const router = express.Router();
  const { devices, captcha } = services;

  router.get('/captcha/generate', async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json(await captcha.create(clientIp(req)));
  });

  router.post(
    '/device/login',
    restHandler(LOGIN_FIELDS, async (req, res) => {
      const device = await devices.login(bodyFields(req.body, LOGIN_BODY), clientIp(req));
      await signIn(req, device.id);
      res.json({ device: legacyDevice(device, devices), message: LOGIN_SUCCESS_MESSAGE });
    }),
  );

  router.get(
    '/device',
    restHandler({}, async (req, res) => {
      res.json({ device: legacyDevice(await requireDevice(req, devices), devices) });
    }),
  );

  router.get('/device/logout', async (req, res) => {
    await signOut(req, res, config.servedOverHttps);
    res.json({ status: 'success', message: 'You are signed out.' });
  });

  router.post(
    '/device/saveDeviceKey',
    restHandler({ deviceKey: 'device_key' }, async (req, res) => {
      const device = await requireDevice(req, devices);
      const input = bodyFields(req.body, { device_key: 'deviceKey' });
      const keep = req.session?.deviceId === device.id ? req.sessionID : undefined;
      await devices.changeDeviceKey(device.id, input, keep);
      res.json({ status: 'success', message: messages.settings.deviceKeyChanged });
    }),
  );

  router.post(
    '/device/saveParentPin',
    restHandler({ pin: 'pin_code' }, async (req, res) => {
      const device = await requireDevice(req, devices);
      await devices.changeParentPin(device.id, bodyFields(req.body, { pin_code: 'pin' }));
      res.json({ status: 'success', message: messages.settings.parentPinChanged });
    }),
  );

  router.post(
    '/device/switchMacAddress',
    restHandler({ macAddress: 'mac_address' }, async (req, res) => {
      const device = await requireDevice(req, devices);
      const moved = await devices.switchMac(device, bodyFields(req.body, { mac_address: 'macAddress' }));
      res.json({ status: 'success', message: messages.switchMac.success, device: legacyDevice(moved, devices) });
    }),
  );

  return router;
}
