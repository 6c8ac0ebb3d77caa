import express, { type Request, type Router } from 'express';
import type { Config } from '../config';
import { authenticate, clientIp } from '../auth/authenticate';
import { signIn, signOut } from '../auth/session';
import { messages } from '../../../common/messages';
import type { LoginInput } from '../../../common/validation';
import { bodyFields, fieldNamesOf, restHandler } from '../http/body';
import { requireOwner, requireTvOrOwner } from '../auth/caller';
import type { CaptchaService } from '../captcha/captcha.service';
import type { DeviceEntity } from './device.entity';
import { legacyDevice } from './device.rest-view';
import {
  LOGIN_SUCCESS_MESSAGE,
  type ChangeDeviceKeyInput,
  type ChangeParentPinInput,
  type DeviceCaller,
  type DeviceService,
  type SwitchMacInput,
} from './device.service';
import { sayTo } from '../i18n/localizer';

/** REST body field → service input field, for the login call. */
const LOGIN_BODY = {
  mac_address: 'macAddress',
  device_key: 'deviceKey',
  captcha: 'captcha',
  token: 'captchaToken',
} as const;
/** The settings calls: the new value, and the current one that a TV (its token) must give. */
const DEVICE_KEY_BODY = {
  device_key: 'deviceKey',
  current_device_key: 'currentDeviceKey',
  keep_tvs_signed_in: 'keepTvsSignedIn',
} as const;
const PARENT_PIN_BODY = { pin_code: 'pin', current_pin_code: 'currentPin' } as const;
/** REST body field → service input field, for Switch MAC: the new TV's MAC and the device key it shows. */
const SWITCH_MAC_BODY = { mac_address: 'macAddress', device_key: 'deviceKey' } as const;

/** The device whose settings change, and how its caller signed in: a TV (its token) must prove the current one. */
async function settingsCaller(req: Request, devices: DeviceService): Promise<[DeviceEntity, DeviceCaller]> {
  const caller = await authenticate(req, devices);
  const device = requireTvOrOwner(caller);
  return [device, { via: caller.via, sessionId: req.sessionID, clientIp: clientIp(req), tokenId: caller.tokenId }];
}

/**
 * The legacy /frontend sign-in paths, over the same services as the graph. Bodies are untyped
 * JSON: each is cast to the input its service takes, and the service validates it.
 */
export function deviceRestRouter(
  { devices, captcha }: { devices: DeviceService; captcha: CaptchaService },
  config: Config,
): Router {
  const router = express.Router();

  router.get('/captcha/generate', async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json(await captcha.create(clientIp(req)));
  });

  router.post(
    '/device/login',
    restHandler(fieldNamesOf(LOGIN_BODY), async (req, res) => {
      const device = await devices.login(bodyFields(req.body, LOGIN_BODY) as LoginInput, clientIp(req));
      await signIn(req, device.id);
      res.json({ device: legacyDevice(device, devices), message: sayTo(req, LOGIN_SUCCESS_MESSAGE) });
    }),
  );

  router.get(
    '/device',
    restHandler({}, async (req, res) => {
      res.json({ device: legacyDevice(requireTvOrOwner(await authenticate(req, devices)), devices) });
    }),
  );

  router.get('/device/logout', async (req, res) => {
    await signOut(req, res, config.servedOverHttps);
    res.json({ status: 'success', message: sayTo(req, messages.login.signedOut) });
  });

  router.post(
    '/device/saveDeviceKey',
    restHandler(fieldNamesOf(DEVICE_KEY_BODY), async (req, res) => {
      const [device, caller] = await settingsCaller(req, devices);
      const input = bodyFields(req.body, DEVICE_KEY_BODY) as ChangeDeviceKeyInput;
      const { tvsSignedOut } = await devices.changeDeviceKey(device.id, input, caller);
      res.json({
        status: 'success',
        message: sayTo(req, messages.settings.deviceKeyChanged),
        tvs_signed_out: tvsSignedOut,
      });
    }),
  );

  router.post(
    '/device/saveParentPin',
    restHandler(fieldNamesOf(PARENT_PIN_BODY), async (req, res) => {
      const [device, caller] = await settingsCaller(req, devices);
      const input = bodyFields(req.body, PARENT_PIN_BODY) as ChangeParentPinInput;
      await devices.changeParentPin(device.id, input, caller);
      res.json({ status: 'success', message: sayTo(req, messages.settings.parentPinChanged) });
    }),
  );

  router.post(
    '/device/switchMacAddress',
    restHandler(fieldNamesOf(SWITCH_MAC_BODY), async (req, res) => {
      const device = requireOwner(await authenticate(req, devices));
      const input = bodyFields(req.body, SWITCH_MAC_BODY) as SwitchMacInput;
      const moved = await devices.switchMac(device, input);
      res.json({
        status: 'success',
        message: sayTo(req, messages.switchMac.success),
        device: legacyDevice(moved, devices),
      });
    }),
  );

  return router;
}
