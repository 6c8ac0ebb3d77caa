import { z } from 'zod';
import { positiveInt, settingsSection } from '../common/settings';

/** Forwarding of contact messages (docs/configuration.md, "Contact messages"). */
export const contactSettings = settingsSection({
  shape: {
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\/[^/]+/, 'must be an smtp:// or smtps:// URL, e.g. smtps://user:pass@mail.example.com:465')
      .optional(),
    SMTP_FROM: z.string().min(3).optional(),
    CONTACT_TO: z.email({ error: 'must be an e-mail address' }).optional(),
    CONTACT_MAX_PER_IP_PER_HOUR: positiveInt.default(10),
  },
  read: (env, { publicUrl, site }) => ({
    /** `smtpUrl` undefined means messages are only stored. */
    contact: {
      smtpUrl: env.SMTP_URL,
      from: env.SMTP_FROM ?? `${site.productName} website <no-reply@${new URL(publicUrl).hostname}>`,
      to: env.CONTACT_TO ?? site.contactEmail,
      maxPerIpPerHour: env.CONTACT_MAX_PER_IP_PER_HOUR,
    },
  }),
});
