import type { DataSource } from 'typeorm';
import type { Config } from './config';
import { RateLimits } from './auth/rate-limits';
import { CaptchaService } from './captcha/captcha.service';
import { DeviceService } from './device/device.service';

/** The domain services, built once per process and shared by every transport. */
export interface Services {
  rateLimits: RateLimits;
  captcha: CaptchaService;
  devices: DeviceService;
}

export function createServices(dataSource: DataSource, config: Config): Services {
  const rateLimits = new RateLimits(dataSource, {
    ...config.loginLimits,
    registerPerIpPerHour: config.registerMaxPerIpPerHour,
  });
  const captcha = new CaptchaService(dataSource, rateLimits, {
    ttlMs: config.captchaTtlMs,
    testAnswer: config.captchaTestAnswer,
  });
  const devices = new DeviceService(dataSource, captcha, rateLimits, { trialDays: config.trialDays });
  return { rateLimits, captcha, devices };
}
