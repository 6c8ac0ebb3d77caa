import type { Resolvers } from '../__generated__/resolvers-types';
import { signIn, signOut } from '../auth/session';
import { messages } from '../../../common/messages';
import type { GraphQLContext } from '../graphql/context';
import { requireOwner, requireTvOrOwner } from '../auth/caller';
import type { DeviceCaller } from './device.service';
import { LOGIN_SUCCESS_MESSAGE } from './device.service';
import { sayTo } from '../i18n/localizer';

/** Who is making a settings change: the owner's session, or a TV, which must prove the current key or PIN. */
function settingsCaller(ctx: GraphQLContext): DeviceCaller {
  return { via: ctx.via, sessionId: ctx.req.sessionID, clientIp: ctx.clientIp, tokenId: ctx.tokenId };
}

export const deviceResolvers: Resolvers = {
  Query: {
    captcha: (_parent, _args, ctx) => ctx.services.captcha.create(ctx.clientIp),
    currentDevice: (_parent, _args, ctx) => ctx.device,
  },
  Mutation: {
    login: async (_parent, { input }, ctx) => {
      const device = await ctx.services.devices.login(input, ctx.clientIp);
      await signIn(ctx.req, device.id);
      return { device, message: sayTo(ctx.req, LOGIN_SUCCESS_MESSAGE) };
    },
    logout: async (_parent, _args, ctx) => {
      await signOut(ctx.req, ctx.res, ctx.config.servedOverHttps);
      return { success: true };
    },
    registerDevice: (_parent, { input }, ctx) => ctx.services.devices.register(input, ctx.clientIp),
    changeDeviceKey: async (_parent, { input }, ctx) => ({
      ...(await ctx.services.devices.changeDeviceKey(requireTvOrOwner(ctx).id, input, settingsCaller(ctx))),
      message: sayTo(ctx.req, messages.settings.deviceKeyChanged),
    }),
    changeParentPin: async (_parent, { input }, ctx) => ({
      device: await ctx.services.devices.changeParentPin(requireTvOrOwner(ctx).id, input, settingsCaller(ctx)),
      message: sayTo(ctx.req, messages.settings.parentPinChanged),
      tvsSignedOut: null,
    }),
    checkParentPin: async (_parent, { input }, ctx) => ({
      valid: await ctx.services.devices.checkParentPin(requireTvOrOwner(ctx), input, ctx.clientIp),
    }),
    switchMacAddress: async (_parent, { input }, ctx) => ({
      device: await ctx.services.devices.switchMac(requireOwner(ctx), input),
      message: sayTo(ctx.req, messages.switchMac.success),
      tvsSignedOut: null,
    }),
  },
  Device: {
    status: (device, _args, ctx) => ctx.services.devices.standing(device).status,
    isTrial: (device, _args, ctx) => ctx.services.devices.standing(device).isTrial,
    expireDate: (device, _args, ctx) => ctx.services.devices.standing(device).expireDate,
    hasParentPin: (device) => device.parentPinHash !== null,
  },
};
