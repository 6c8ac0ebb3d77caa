import type { Resolvers } from '../__generated__/resolvers-types';
import { signIn, signOut } from '../auth/session';
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
  },
  Device: {
    status: (device, _args, ctx) => ctx.services.devices.standing(device).status,
    isTrial: (device, _args, ctx) => ctx.services.devices.standing(device).isTrial,
    expireDate: (device, _args, ctx) => ctx.services.devices.standing(device).expireDate,
  },
};
