import { AsyncLocalStorage } from 'node:async_hooks';
import type { RequestHandler } from 'express';
import { DEFAULT_LOCALE } from '../../../common/i18n';
import type { Localizer } from './localizer';

const storage = new AsyncLocalStorage<string>();

/**
 * Keeps the request's language (Accept-Language) for what runs on its behalf without the request at hand: Apollo's
 * formatError, which says the graph's errors, gets only the error. Mounted just before the graph's handler, so
 * everything Apollo does for the request runs within it.
 */
export function requestLocale(localizer: Localizer): RequestHandler {
  return (req, _res, next) => storage.run(localizer.ofRequest(req), next);
}

/** The language of the request being answered; English outside of one. */
export function currentLocale(): string {
  return storage.getStore() ?? DEFAULT_LOCALE;
}
