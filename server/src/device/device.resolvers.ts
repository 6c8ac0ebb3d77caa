import type { Resolvers } from '../__generated__/resolvers-types';
import { signIn, signOut } from '../auth/session';
import { messages } from '../../../common/messages';
import { requireDevice } from '../graphql/context';
import { LOGIN_SUCCESS_MESSAGE } from './device.service';

export const deviceResolvers: Resolvers = {
  Query: {
    captcha: (_parent, _args, ctx) => ctx.services.captcha.create(ctx.clientIp),
    currentDevice: (_parent, _args, ctx) => ctx.device,
  },
  Mutation: {
    login: async (_parent, { input }, ctx) => {
      const device = await ctx.services.devices.login(input, ctx.clientIp);
      await signIn(ctx.req, device.id);
      return { device, message: LOGIN_SUCCESS_MESSAGE };
    },
    logout: async (_parent, _args, ctx) => {
      await signOut(ctx.req, ctx.res, ctx.config.servedOverHttps);
      return { success: true };
    },
    registerDevice: (_parent, { input }, ctx) => ctx.services.devices.register(input, ctx.clientIp),
    changeDeviceKey: async (_parent, { input }, ctx) => {
      const device = requireDevice(ctx);
      return {
        device: await ctx.services.devices.changeDeviceKey(device.id, input, {
          via: ctx.via,
          sessionId: ctx.req.sessionID,
        }),
        message: messages.settings.deviceKeyChanged,
      };
    },
    changeParentPin: async (_parent, { input }, ctx) => ({
      device: await ctx.services.devices.changeParentPin(requireDevice(ctx).id, input),
      message: messages.settings.parentPinChanged,
    }),
    checkParentPin: async (_parent, { input }, ctx) => ({
      valid: await ctx.services.devices.checkParentPin(requireDevice(ctx), input, ctx.clientIp),
    }),
    switchMacAddress: async (_parent, { input }, ctx) => ({
      device: await ctx.services.devices.switchMac(requireDevice(ctx), input),
      message: messages.switchMac.success,
    }),
  },
  Device: {
    status: (device, _args, ctx) => ctx.services.devices.standing(device).status,
    isTrial: (device, _args, ctx) => ctx.services.devices.standing(device).isTrial,
    expireDate: (device, _args, ctx) => ctx.services.devices.standing(device).expireDate,
    hasParentPin: (device) => device.parentPinHash !== null,
  },
};
