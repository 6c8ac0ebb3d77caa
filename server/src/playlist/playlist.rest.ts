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
  type PlaylistCaller,
  type PlaylistInput,
  type PlaylistPin,
  type PlaylistWithPin,
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

/** REST body field → service input field for lockedGroups. */
const LOCKED_GROUPS_BODY = { locked_groups: 'lockedGroups', pin: 'pin' } as const;

/** current_playlist_url_id: -1 (number or text) adds a playlist; anything else names the one to change. */
function isNew(id: unknown): boolean {
  return id === -1 || id === '-1' || id === undefined || id === null || id === '';
}

/** The playlist named by a route's `:id` (the service checks that it is a playlist id), and the PIN sent for it. */
function playlistWithPin(req: Request): PlaylistWithPin {
  return { id: req.params.id as string, pin: bodyFields(req.body, { pin: 'pin' }).pin as PlaylistPin };
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
  // The owner, unless `allow` lets a TV in too (reading, unlocking), and where it calls from.
  const callerOf = async (req: Request, allow = requireOwner): Promise<PlaylistCaller> => ({
    deviceId: allow(await authenticate(req, devices)).id,
    clientIp: clientIp(req),
  });

  router.get(
    '/device/playlists',
    restHandler({}, async (req, res) => {
      const device = requireTvOrOwner(await authenticate(req, devices));
      const locale = localizer().ofRequest(req);
      // The legacy list shows each playlist's last check: read with it.
      const list = (await playlists.list(device, undefined, {}, { lastCheck: true })).map((view) =>
        legacyPlaylist(view, locale),
      );
      res.json({ status: 'success', playlists: list, device: legacyDevice(device, devices), ...pricingFields });
    }),
  );

  router.post(
    '/device/savePlaylist',
    restHandler(SAVE_FIELDS, async (req, res) => {
      const caller = await callerOf(req);
      // Public integrator scripts of this API send more (email, whatsapp, device_id): ignored, logged for support.
      const { id, currentPin, ...playlist } = bodyFields(req.body, SAVE_BODY, (names) =>
        req.log?.debug({ fields: names }, 'savePlaylist: unknown fields ignored'),
      );
      const saved = isNew(id)
        ? await playlists.create(caller, playlist as PlaylistInput)
        : await playlists.update(caller, { id, currentPin, playlist } as PlaylistUpdate);
      await playlists.readLastChecks([saved.entity]);
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
      const caller = await callerOf(req);
      await playlists.delete(caller, playlistWithPin(req));
      res.json({ status: 'success', message: sayTo(req, messages.playlist.deleted) });
    }),
  );

  // Not in the legacy portal, which compared PINs in the browser: here the server checks them.
  router.post(
    '/device/unlockPlaylist/:id',
    restHandler({}, async (req, res) => {
      const caller = await callerOf(req, requireTvOrOwner);
      const view = await playlists.unlock(caller, playlistWithPin(req));
      await playlists.readLastChecks([view.entity]);
      res.json({
        status: 'success',
        message: sayTo(req, PLAYLIST_UNLOCKED_MESSAGE),
        playlist: legacyPlaylist(view, localizer().ofRequest(req)),
      });
    }),
  );

  // Parental control by category (not in the legacy portal): the groups a TV keeps behind the parent PIN.
  router.post(
    '/device/lockedGroups/:id',
    restHandler(fieldNamesOf(LOCKED_GROUPS_BODY), async (req, res) => {
      const caller = await callerOf(req);
      const { lockedGroups, pin } = bodyFields(req.body, LOCKED_GROUPS_BODY);
      const id = req.params.id as string;
      const view = await playlists.setLockedGroups(caller, { id, pin: pin as PlaylistPin, lockedGroups });
      res.json({
        status: 'success',
        message: sayTo(req, messages.lockedGroups.saved),
        playlist: legacyPlaylist(view, localizer().ofRequest(req)),
      });
    }),
  );

  // The playlist check (not in the legacy portal): a saved playlist by id, or a form's values before saving.
  router.post(
    '/device/checkPlaylist/:id',
    restHandler({}, async (req, res) => {
      const caller = await callerOf(req);
      const result = await services.playlistChecks.checkSaved(caller, playlistWithPin(req));
      res.json({ status: 'success', check: checkSaidIn(result, localizer().ofRequest(req)) });
    }),
  );
  router.post(
    '/device/checkPlaylist',
    restHandler(SAVE_FIELDS, async (req, res) => {
      const caller = await callerOf(req);
      const { id: _id, currentPin: _pin, ...playlist } = bodyFields(req.body, SAVE_BODY);
      const result = await services.playlistChecks.checkValues(caller, playlist as PlaylistInput);
      res.json({ status: 'success', check: checkSaidIn(result, localizer().ofRequest(req)) });
    }),
  );

  return router;
}
