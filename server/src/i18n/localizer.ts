import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createIntl, createIntlCache, type IntlShape } from '@formatjs/intl';
import type { Request } from 'express';
import { DEFAULT_LOCALE, fillArguments, localesFromFiles, type SourceMessage } from '../../../common/i18n';
import { messages } from '../../../common/messages';
import { projectRoot } from '../common/paths';

type Values = Record<string, string | number>;

/** A shared message with arguments (common/messages.ts `defineMessage`), to be said in each request's language. */
export interface SaidMessage {
  message: SourceMessage;
  values: Values;
}

/** A refusal as the Localizer reads it (a DomainError): its English, and how to say it when it has arguments. */
export interface Refusal {
  message: string;
  said?: SaidMessage;
  fieldErrors?: Record<string, string>;
}

/**
 * The server's words in the request's language. Messages people read (validation, sign-in, payments, rate
 * limits: common/messages.ts, carried as their English through DomainError) are translated where they leave the
 * server, by the language of the request: its page's URL for the pages the server renders, its Accept-Language
 * for the graph and REST (the portal sends its page's language there; a TV app sends its own, or gets English).
 * Error codes never change: a TV app can show its own words for them.
 */
export class Localizer {
  readonly locales: string[];
  private readonly intls = new Map<string, IntlShape>();
  private readonly idsByEnglish = new Map<string, string>();

  constructor(langDir = path.join(projectRoot(), 'lang')) {
    const files = readdirSync(langDir).filter((file) => file.endsWith('.json'));
    this.locales = localesFromFiles(files);
    const read = (tag: string) =>
      JSON.parse(readFileSync(path.join(langDir, `${tag}.json`), 'utf8')) as Record<string, string>;
    for (const [id, english] of Object.entries(read(DEFAULT_LOCALE)))
      if (id.startsWith('msg.')) this.idsByEnglish.set(english, id);
    const cache = createIntlCache();
    for (const locale of this.locales) {
      const messages = locale === DEFAULT_LOCALE ? {} : read(locale);
      this.intls.set(
        locale,
        createIntl(
          {
            locale: locale === DEFAULT_LOCALE ? locale : `${locale}-u-nu-latn`,
            defaultLocale: DEFAULT_LOCALE,
            messages,
            // A message missing from a translation is said in English (`npm run i18n:check` keeps that rare).
            onError: () => undefined,
          },
          cache,
        ),
      );
    }
  }

  private intl(locale: string): IntlShape {
    return this.intls.get(locale) ?? this.intls.get(DEFAULT_LOCALE)!;
  }

  /** A shared message, given as its English (common/messages.ts), in `locale`; any other text as it is. */
  text(locale: string, english: string, values?: Values): string {
    const id = this.idsByEnglish.get(english);
    if (!id || locale === DEFAULT_LOCALE) return fillArguments(english, values);
    return this.format(locale, { id, defaultMessage: english }, values);
  }

  /** A message with arguments, in `locale`. */
  format(locale: string, message: SourceMessage, values?: Values): string {
    // (Named apart from `formatMessage`, whose calls the extractor reads as messages of their own.)
    const translate = this.intl(locale).formatMessage;
    return translate(message, values);
  }

  /** A refusal's message and per-field messages in `locale` (a field's message that is the refusal's, said alike). */
  refusal(locale: string, refusal: Refusal): { message: string; fieldErrors?: Record<string, string> } {
    const say = (english: string) =>
      refusal.said && english === refusal.message
        ? this.format(locale, refusal.said.message, refusal.said.values)
        : this.text(locale, english);
    const fields = refusal.fieldErrors ?? {};
    const fieldErrors = refusal.fieldErrors
      ? Object.fromEntries(Object.entries(fields).map(([field, english]) => [field, say(english)]))
      : undefined;
    // Invalid input says its fields' messages in one (server/src/common/validate.ts): said as they are.
    const joined = [...new Set(Object.values(fields))];
    const message =
      joined.length > 1 && refusal.message === joined.join(' ')
        ? this.join(locale, joined.map(say))
        : say(refusal.message);
    return { message, ...(fieldErrors ? { fieldErrors } : {}) };
  }

  /** Messages already in `locale` said one after another ('a b' in English, 'a؛ b' in Arabic). */
  join(locale: string, said: string[]): string {
    if (!said.length) return '';
    return said.reduceRight((rest, first) => this.format(locale, messages.joined, { first, rest }));
  }

  /** The language an API request asks for (Accept-Language, by quality): English when it asks for none of ours. */
  ofRequest(req: Request | undefined): string {
    if (!req?.headers?.['accept-language']) return DEFAULT_LOCALE;
    // Negotiated among our locales only: the answer is one of them, or false.
    return req.acceptsLanguages(this.locales) || DEFAULT_LOCALE;
  }
}

/** A text people read in a request's language (Accept-Language): REST and graph answers. */
export function sayTo(req: Request, english: string, values?: Values): string {
  const shared = localizer();
  return shared.text(shared.ofRequest(req), english, values);
}

let shared: Localizer | undefined;

/** The product's Localizer, over lang/ (read once). */
export function localizer(): Localizer {
  shared ??= new Localizer();
  return shared;
}
