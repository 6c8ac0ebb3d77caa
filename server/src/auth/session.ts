import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Request, RequestHandler, Response } from 'express';
import session from 'express-session';
import connectPgSimple from 'connect-pg-simple';
import type { Pool } from 'pg';
import type { DataSource } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';

declare module 'express-session' {
  interface SessionData {
    deviceId?: string;
    /** Epoch ms of the sign-in, for the absolute timeout. */
    signedInAt?: number;
    /** Epoch ms the cookie and the stored expiry were last moved forward (see renewSessions). */
    renewedAt?: number;
  }
}

export interface SessionOptions {
  secret: string;
  secure: boolean;
  idleMs: number;
  absoluteMs: number;
}

/** `__Host-` makes the browser refuse the cookie unless Secure, host-only and path=/; it needs HTTPS. */
export function sessionCookieName(secure: boolean): string {
  return secure ? '__Host-sid' : 'sid';
}

/**
 * How long a session's expiry (the cookie's and the stored row's) may lag behind its last request. Rolling
 * sessions would otherwise write to the database and sign a new cookie on every request: with this, an active
 * session is renewed at most once per interval, and still expires between `idleMs - renewAfterMs` and `idleMs`
 * after its last request. As connect-mongo's `touchAfter`.
 */
export function renewAfterMs(idleMs: number): number {
  return Math.min(60_000, Math.floor(idleMs / 10));
}

/**
 * Portal sessions in PostgreSQL (connect-pg-simple on the application's own pool), so several instances share
 * them. The cookie is HttpOnly and SameSite=Lax, Secure in production; it expires after `idleMs` without a
 * request, and `absoluteTimeout` ends a session `absoluteMs` after sign-in whatever the activity.
 *
 * Expiry moves forward only when `renewSessions` marks the session changed: express-session then saves the row
 * (a new stored expiry) and sends the cookie again with a new expiry. Every other request neither writes nor
 * sends a cookie (`disableTouch`, `rolling: false`).
 */
export function createSessions(dataSource: DataSource, options: SessionOptions) {
  const PgStore = connectPgSimple(session);
  const store = new PgStore({
    pool: (dataSource.driver as PostgresDriver).master as Pool,
    tableName: 'sessions',
    createTableIfMissing: false,
    // Expired sessions are deleted by the prune (maintenance/pruning.ts), once across instances, not by each one.
    pruneSessionInterval: false,
    disableTouch: true,
  });
  const middleware = session({
    name: sessionCookieName(options.secure),
    secret: options.secret,
    store,
    resave: false,
    saveUninitialized: false,
    rolling: false,
    cookie: { httpOnly: true, sameSite: 'lax', secure: options.secure, maxAge: options.idleMs, path: '/' },
  });
  return {
    store,
    middleware: [
      middleware,
      absoluteTimeout(options.absoluteMs),
      renewSessions(renewAfterMs(options.idleMs)),
    ] as RequestHandler[],
    close: () => store.close(),
  };
}

/**
 * Moves a signed-in session's expiry forward when it was last moved `intervalMs` ago or more: the change makes
 * express-session save it (stored expiry: now + idle) and send its cookie again (expiring after the idle timeout).
 * The time is kept in the session itself, so it holds across instances.
 */
export function renewSessions(intervalMs: number, now: () => number = Date.now): RequestHandler {
  return (req, _res, next) => {
    const current = req.session;
    if (current?.deviceId) {
      const last = current.renewedAt ?? current.signedInAt ?? 0;
      if (now() - last >= intervalMs) current.renewedAt = now();
    }
    next();
  };
}

/** Ends a signed-in session `absoluteMs` after sign-in, however active it has been. */
export function absoluteTimeout(absoluteMs: number, now: () => number = Date.now): RequestHandler {
  return (req, _res, next) => {
    const signedInAt = req.session?.signedInAt;
    if (signedInAt && now() - signedInAt > absoluteMs) {
      req.session.destroy((err) => next(err));
      return;
    }
    next();
  };
}

function promisify(fn: (cb: (err?: unknown) => void) => void): Promise<void> {
  return new Promise((resolve, reject) => fn((err) => (err ? reject(err) : resolve())));
}

/** Starts a signed-in session under a new id, so an id planted before sign-in is worthless afterwards. */
export async function signIn(req: Request, deviceId: string): Promise<void> {
  await promisify((cb) => req.session.regenerate(cb));
  req.session.deviceId = deviceId;
  req.session.signedInAt = Date.now();
  await promisify((cb) => req.session.save(cb));
}

/** Destroys the session on the server and tells the browser to drop the cookie. */
export async function signOut(req: Request, res: Response, secure: boolean): Promise<void> {
  if (req.session) await promisify((cb) => req.session.destroy(cb));
  res.clearCookie(sessionCookieName(secure), { path: '/', httpOnly: true, sameSite: 'lax', secure });
}

/**
 * Outside production an unset SESSION_SECRET is generated once and kept in the data directory, so sessions
 * survive restarts without any setup.
 */
export async function loadOrCreateSessionSecret(dataDir: string): Promise<string> {
  const file = path.join(path.resolve(dataDir), 'session-secret');
  try {
    const existing = (await readFile(file, 'utf8')).trim();
    if (existing.length >= 32) return existing;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  const secret = randomBytes(48).toString('base64url');
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  await writeFile(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
