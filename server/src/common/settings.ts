import { z } from 'zod';
import type { SiteConfig } from '../../../common/site';

// The pieces every settings section (`<domain>/<domain>.settings.ts`) is written with. config.ts puts the sections
// together into one schema, reads the environment once and names every bad variable in one message.

/** true/false, 1/0, yes/no. */
export const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

// The type's message is for a value that is not a number at all: a check's own issue (.max() without a message,
// say) keeps zod's wording of that limit, in words, rather than falling back to "must be a whole number".
export const positiveInt = z.coerce
  .number({
    // zod types this as the type's own issue, but hands it the checks' issues that have no message too.
    error: (issue) => {
      const { code, maximum } = issue as { code: string; maximum?: unknown };
      if (code === 'too_big') return `must be at most ${String(maximum)}`;
      return code === 'too_small' ? 'must be above 0' : 'must be a whole number';
    },
  })
  .int('must be a whole number')
  .positive('must be above 0');

/** A provider credential: printable, no spaces, never logged. */
export const secret = z.string().regex(/^[\x21-\x7e]{4,300}$/, 'must be 4 to 300 printable characters without spaces');

/** Providers' API bases: https, or http only for a local stand-in (tests and development). */
export const httpsUrl = z
  .string()
  .regex(/^(https:\/\/|http:\/\/(localhost|127\.0\.0\.1)(:\d+)?)[^\s]*$/, 'must be an https:// URL')
  .transform((url) => url.replace(/\/$/, ''));

/** A comma-separated list, trimmed, without empty entries. */
export function urlList(value: string): string[] {
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** What every section may read besides its own variables: the mode, the public address and the brand. */
export interface SettingsContext {
  env: 'development' | 'production' | 'test';
  isProduction: boolean;
  /** The site's public address, without a trailing slash. */
  publicUrl: string;
  /** The brand and contact values (the site section's), which other sections use as defaults. */
  site: SiteConfig;
}

/** Reports one bad variable: its name and what is wrong, said after the name ("is required when …"). */
export type SettingIssue = (name: string, message: string) => void;

/**
 * One section of the configuration: its variables (a zod shape, validated each alone), checks that need several of
 * them (or the mode), and how the section's settings are read from them.
 */
export interface SettingsSection<Shape extends z.ZodRawShape, Settings> {
  shape: Shape;
  check?(env: z.infer<z.ZodObject<Shape>>, mode: SettingsContext['env'], issue: SettingIssue): void;
  read(env: z.infer<z.ZodObject<Shape>>, context: SettingsContext, source: NodeJS.ProcessEnv): Settings;
}

/** A section, typed from its shape (the identity: it only lets TypeScript infer the section's types). */
export function settingsSection<Shape extends z.ZodRawShape, Settings>(
  section: SettingsSection<Shape, Settings>,
): SettingsSection<Shape, Settings> {
  return section;
}

/** The thrown error of a configuration that cannot run, naming every bad variable. */
export class ConfigError extends Error {}
