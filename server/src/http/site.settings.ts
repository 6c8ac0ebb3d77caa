import { z } from 'zod';
import { DEFAULT_SITE_CONFIG } from '../../../common/site';
import { urlList } from '../common/settings';

/**
 * The brand and contact values every page shows, and the live chat (docs/configuration.md, "Site content"). Read
 * first: other sections take the brand and e-mail address as defaults. All of it reaches the browser.
 */
export const siteShape = {
  BRAND_NAME: z.string().trim().min(1).max(60).default(DEFAULT_SITE_CONFIG.productName),
  CONTACT_EMAIL: z.email({ error: 'must be an e-mail address' }).default(DEFAULT_SITE_CONFIG.contactEmail),
  CONTACT_PHONE: z.string().trim().max(40).default(DEFAULT_SITE_CONFIG.contactPhone),
  CHAT_NUMBER: z
    .string()
    .regex(/^\d{6,15}$/, 'must be the messaging number in digits with its country code, e.g. 201000000000')
    .default(DEFAULT_SITE_CONFIG.chatNumber),
  LIVE_CHAT_SCRIPT_URL: z.url({ protocol: /^https$/, error: 'must be an https:// URL' }).optional(),
  LIVE_CHAT_ORIGINS: z
    .string()
    .default('')
    .refine(
      (value) => urlList(value).every((origin) => /^(https|wss):\/\/[^/]+$/.test(origin)),
      'must be a comma-separated list of https:// or wss:// origins, such as wss://chat.example.com',
    ),
  INTRO_VIDEO_ID: z
    .string()
    .regex(/^[A-Za-z0-9_-]{6,20}$/, 'must be a video id (letters, digits, - and _)')
    .optional(),
};

type SiteEnv = z.infer<z.ZodObject<typeof siteShape>>;

export function readSite(env: SiteEnv) {
  return {
    /** Brand and contact values shown by the site (sent to the browser: nothing secret here). */
    site: {
      productName: env.BRAND_NAME,
      contactEmail: env.CONTACT_EMAIL,
      contactPhone: env.CONTACT_PHONE,
      chatNumber: env.CHAT_NUMBER,
      liveChatScriptUrl: env.LIVE_CHAT_SCRIPT_URL ?? '',
      introVideoId: env.INTRO_VIDEO_ID ?? '',
    },
    /** Further origins the live-chat widget loads from or connects to, allowed by the pages' CSP. */
    liveChatOrigins: urlList(env.LIVE_CHAT_ORIGINS),
  };
}
