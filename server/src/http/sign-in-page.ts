import express, { type RequestHandler, type Router } from 'express';
import { formatTypedMac } from '../../../common/mac';
import { afterSignIn } from '../../../common/signIn';
import { messages } from '../../../common/messages';
import type { LoginInput } from '../../../common/validation';
import { authenticate, clientIp } from '../auth/authenticate';
import { isOwner } from '../auth/caller';
import { signIn } from '../auth/session';
import { DomainError, httpStatusFor } from '../common/errors';
import type { Logger } from '../logger';
import type { CaptchaService } from '../captcha/captcha.service';
import type { DeviceService } from '../device/device.service';
import { sendPage } from './client-app';
import { localizePath, splitLocalePath } from '../../../common/i18n';
import type { PageRenderer, SignInState } from './page-renderer';

/** A form field as posted: text, or nothing (a repeated field arrives as an array and is not taken). */
function text(value: unknown, max: number): string | undefined {
  return typeof value === 'string' ? value.slice(0, max) : undefined;
}

/**
 * The sign-in screen as a page of its own: sent rendered with a captcha made for that page load (the browser
 * needs no request of its own before the owner can type), and signed in by a plain form post when the screen's
 * script has not arrived yet (a slow phone): on success the owner goes on (303), on failure the screen comes back
 * with the MAC address typed, a new captcha and the reason. The screen's script signs in through the graph.
 *
 * `guards` run before a post: the cross-site check (a sign-in posted from another site is refused, so nobody can
 * sign a visitor into an account of theirs) and the session middleware; `session` is that middleware alone.
 */
export function signInPageRouter(
  { devices, captcha }: { devices: DeviceService; captcha: CaptchaService },
  pages: PageRenderer,
  logger: Logger,
  guards: RequestHandler[],
  session: RequestHandler[],
): Router {
  const router = express.Router();
  const { localizer } = pages;
  const paths = localizer.locales.flatMap((locale) =>
    ['/device/login', '/login'].map((path) => localizePath(locale, path)),
  );
  /** The language of the screen (its URL's): where the owner goes next is in it, and so is the reason a post failed. */
  const localeOf = (req: express.Request) => splitLocalePath(req.path, localizer.locales).locale;

  async function send(res: express.Response, pathname: string, state: SignInState, status = 200) {
    // One captcha, one page: never kept by a cache or brought back by Back from the browser's cache.
    sendPage(res, await pages.signInPage(pathname, state, status), 'no-store');
  }

  /** A captcha for this page, or none when this address asked for too many (the screen then offers a retry). */
  async function newCaptcha(req: express.Request): Promise<SignInState['captcha']> {
    try {
      return await captcha.create(clientIp(req));
    } catch (err) {
      if (!(err instanceof DomainError)) logger.error({ err }, 'could not make a captcha for the sign-in page');
      return undefined;
    }
  }

  router.get(paths, ...session, async (req, res, next) => {
    if (!pages.built) return next();
    try {
      // An owner already signed in goes straight on, as the screen would send them.
      if (req.session?.deviceId) {
        // (A page load with a stray Authorization header that opens nothing still gets the page.)
        const caller = await authenticate(req, devices).catch(() => undefined);
        if (caller && isOwner(caller))
          return res.redirect(303, localizePath(localeOf(req), afterSignIn(req.query.next)));
      }
      await send(res, req.path, { captcha: await newCaptcha(req) });
    } catch (err) {
      next(err);
    }
  });

  router.post(paths, ...guards, express.urlencoded({ extended: false, limit: '10kb' }), async (req, res, next) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const typedMac = text(body.mac_address, 64) ?? '';
    const input: LoginInput = {
      // Typed with no script to add the colons ('a1b2c3d4e5f6'): read as the TV shows it.
      macAddress: formatTypedMac(typedMac),
      deviceKey: text(body.device_key, 64) ?? '',
      captcha: text(body.captcha, 64) ?? '',
      captchaToken: text(body.token, 100) ?? '',
    };
    try {
      const device = await devices.login(input, clientIp(req));
      await signIn(req, device.id);
      res.redirect(303, localizePath(localeOf(req), afterSignIn(body.next)));
    } catch (err) {
      if (!(err instanceof DomainError)) return next(err);
      // What the screen's script would have said in its dialog, or under each field.
      const said = localizer.refusal(localeOf(req), err);
      const error = said.fieldErrors ? localizer.join(localeOf(req), Object.values(said.fieldErrors)) : said.message;
      if (err.retryAfterSeconds) res.setHeader('Retry-After', String(err.retryAfterSeconds));
      try {
        const state = {
          captcha: await newCaptcha(req),
          // As typed: the page gives back what was sent, never a MAC address of its own making.
          macAddress: typedMac,
          error: error || localizer.text(localeOf(req), messages.login.failedFallback),
        };
        await send(res, req.path, state, httpStatusFor(err.code));
      } catch (renderError) {
        next(renderError);
      }
    }
  });

  return router;
}
