import express, { type Request, type Router } from 'express';
import { messages } from '../../../common/messages';
import { bodyFields, fieldNamesOf, restHandler } from '../http/body';
import { requireOwner, requireTvOrOwner } from '../auth/caller';
import { authenticate, clientIp } from '../auth/authenticate';
import { legacyDevice } from '../device/device.rest-view';
import { legacyPricing } from '../pricing/pricing.rest-view';
import type { DeviceService } from '../device/device.service';
import type { PlaylistCheckService } from '../playlist-check/playlist-check.service';
import type { PricingTerms } from '../pricing/pricing.service';
import type { PlaylistService } from './playlist.service';
import {
  PLAYLIST_SAVED_MESSAGE,
  PLAYLIST_UNLOCKED_MESSAGE,
  type PlaylistInput,
  type PlaylistPin,
  type PlaylistUpdate,
} from './playlist.service';
import { localizer, sayTo } from '../i18n/localizer';
import { checkSaidIn } from '../playlist-check/check.view';
import { legacyPlaylist } from './playlist.rest-view';

/** REST body field → service input field for savePlaylist (legacy names), plus current_pin for edits. */
const SAVE_BODY = {
  current_playlist_url_id: 'id',
  current_pin: 'currentPin',
  playlist_name: 'name',
  playlist_type: 'type',
  playlist_url: 'url',
  xml_url: 'epgUrl',
  username: 'username',
  password: 'password',
  playlist_code: 'playlistCode',
  protect: 'isProtected',
  pin: 'pin',
} as const;
const SAVE_FIELDS = fieldNamesOf(SAVE_BODY);

/** current_playlist_url_id: -1 (number or text) adds a playlist; anything else names the one to change. */
function isNew(id: unknown): boolean {
  return id === -1 || id === '-1' || id === undefined || id === null || id === '';
}

/** The playlist named by a route's `:id` (one path segment; the service checks that it is a playlist id). */
function playlistIdParam(req: Request): string {
  return req.params.id as string;
}

/**
 * The legacy /frontend playlist paths, over the same service as the graph. Bodies are untyped
 * JSON: each is cast to the input its service takes, and the service validates it.
 */
export function playlistRestRouter(services: {
  devices: DeviceService;
  playlists: PlaylistService;
  pricing: PricingTerms;
  playlistChecks: PlaylistCheckService;
}): Router {
  const router = express.Router();
  const { devices, playlists } = services;
  const pricingFields = legacyPricing(services.pricing);

  router.get(
    '/device/playlists',
    restHandler({}, async (req, res) => {
      const device = requireTvOrOwner(await authenticate(req, devices));
      const locale = localizer().ofRequest(req);
      const list = (await playlists.list(device)).map((view) => legacyPlaylist(view, locale));
      res.json({ status: 'success', playlists: list, device: legacyDevice(device, devices), ...pricingFields });
    }),
  );

  router.post(
    '/device/savePlaylist',
    restHandler(SAVE_FIELDS, async (req, res) => {
      const device = requireOwner(await authenticate(req, devices));
      // Public integrator scripts of this API send more (email, whatsapp, device_id): ignored, logged for support.
      const { id, currentPin, ...playlist } = bodyFields(req.body, SAVE_BODY, (names) =>
        req.log?.debug({ fields: names }, 'savePlaylist: unknown fields ignored'),
      );
      const caller = { deviceId: device.id, clientIp: clientIp(req) };
      const saved = isNew(id)
        ? await playlists.create(caller, playlist as PlaylistInput)
        : await playlists.update(caller, { id, currentPin, playlist } as PlaylistUpdate);
      res.json({
        status: 'success',
        message: sayTo(req, PLAYLIST_SAVED_MESSAGE),
        playlist: legacyPlaylist(saved, localizer().ofRequest(req)),
      });
    }),
  );

  router.delete(
    '/device/deletePlayListUrl/:id',
    restHandler({}, async (req, res) => {
      const device = requireOwner(await authenticate(req, devices));
      const pin = bodyFields(req.body, { pin: 'pin' }).pin as PlaylistPin;
      await playlists.delete({ deviceId: device.id, clientIp: clientIp(req) }, { id: playlistIdParam(req), pin });
      res.json({ status: 'success', message: sayTo(req, messages.playlist.deleted) });
    }),
  );

  // Not in the legacy portal, which compared PINs in the browser: here the server checks them.
  router.post(
    '/device/unlockPlaylist/:id',
    restHandler({}, async (req, res) => {
      const device = requireTvOrOwner(await authenticate(req, devices));
      const pin = bodyFields(req.body, { pin: 'pin' }).pin as PlaylistPin;
      const view = await playlists.unlock(
        { deviceId: device.id, clientIp: clientIp(req) },
        { id: playlistIdParam(req), pin },
      );
      res.json({
        status: 'success',
        message: sayTo(req, PLAYLIST_UNLOCKED_MESSAGE),
        playlist: legacyPlaylist(view, localizer().ofRequest(req)),
      });
    }),
  );

  // The playlist check (not in the legacy portal): a saved playlist by id, or a form's values before saving.
  router.post(
    '/device/checkPlaylist/:id',
    restHandler({}, async (req, res) => {
      const device = requireOwner(await authenticate(req, devices));
      const pin = bodyFields(req.body, { pin: 'pin' }).pin as PlaylistPin;
      const result = await services.playlistChecks.checkSaved(
        { deviceId: device.id, clientIp: clientIp(req) },
        { id: playlistIdParam(req), pin },
      );
      res.json({ status: 'success', check: checkSaidIn(result, localizer().ofRequest(req)) });
    }),
  );
  router.post(
    '/device/checkPlaylist',
    restHandler(SAVE_FIELDS, async (req, res) => {
      const device = requireOwner(await authenticate(req, devices));
      const { id: _id, currentPin: _pin, ...playlist } = bodyFields(req.body, SAVE_BODY);
      const result = await services.playlistChecks.checkValues(
        { deviceId: device.id, clientIp: clientIp(req) },
        playlist as PlaylistInput,
      );
      res.json({ status: 'success', check: checkSaidIn(result, localizer().ofRequest(req)) });
    }),
  );

  return router;
}
