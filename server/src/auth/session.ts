import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Request, RequestHandler, Response } from 'express';
import session, { type SessionData } from 'express-session';
import connectPgSimple from 'connect-pg-simple';
import type { Pool } from 'pg';
import type { DataSource } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';
import { DEVICE_COLUMNS, type DeviceRow } from '../device/device.service';

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
 * them; each is read with its device in one statement (`deviceSessionStore`). The cookie is HttpOnly and
 * SameSite=Lax, Secure in production; it expires after `idleMs` without a request, and `absoluteTimeout` ends a
 * session `absoluteMs` after sign-in whatever the activity.
 *
 * Expiry moves forward only when `renewSessions` marks the session changed: express-session then saves the row
 * (a new stored expiry) and sends the cookie again with a new expiry. Every other request neither writes nor
 * sends a cookie, so the store has no `touch`: express-session would otherwise call it on each of them, after
 * hashing the session once more to find out that it did not change.
 */
export function createSessions(dataSource: DataSource, options: SessionOptions) {
  const store = new (deviceSessionStore())({
    pool: (dataSource.driver as PostgresDriver).master as Pool,
    tableName: 'sessions',
    createTableIfMissing: false,
    pruneSessionInterval: 15 * 60,
  });
  // Read by session() below, once: a store without `touch` is never touched.
  Object.defineProperty(store, 'touch', { value: undefined });
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

/** The device row read in the same statement as a session: null when the device is gone. */
const DEVICE_READ_WITH_SESSION = Symbol('device read with the session');

interface DeviceReadWithSession {
  deviceId: string;
  row: DeviceRow | null;
}

type WithDevice = { [DEVICE_READ_WITH_SESSION]?: DeviceReadWithSession };

/**
 * The signed-in device read with its session, for `authenticate`: undefined when it was not (no session, a
 * session of another device since, as after sign-in), null when the device no longer exists.
 */
export function deviceReadWithSession(req: Request, deviceId: string): DeviceRow | null | undefined {
  const read = (req as Request & WithDevice)[DEVICE_READ_WITH_SESSION];
  return read?.deviceId === deviceId ? read.row : undefined;
}

/** A session (sid, now in epoch seconds) and its device's columns, null when it has none or it is gone. */
export const SESSION_WITH_DEVICE = `SELECT s.sess, ${DEVICE_COLUMNS} FROM sessions s
  LEFT JOIN devices d
    ON d.id = CASE WHEN s.sess ->> 'deviceId' ~ '^[0-9a-fA-F-]{36}$' THEN (s.sess ->> 'deviceId')::uuid END
  WHERE s.sid = $1 AND s.expire >= to_timestamp($2)`;

/** connect-pg-simple's query helper (public, missing from its types): the first row, or undefined. */
interface StoreQuery {
  query<Row>(sql: string, params: unknown[], callback: (err: unknown, firstRow?: Row) => void): void;
}

/**
 * connect-pg-simple's store, reading a session and its signed-in device in one statement: every request of
 * the portal needs both, and the device's own query would be a second round trip to the database on each.
 * The device row travels on the session data under a symbol (express-session copies, hashes and saves only
 * its own enumerable string keys) and `createSession` hands it to the request.
 */
function deviceSessionStore() {
  const PgStore = connectPgSimple(session);
  return class DeviceSessionStore extends PgStore {
    #pruning = false;

    override get(sid: string, callback: (err: unknown, data?: SessionData | null) => void): void {
      // connect-pg-simple's own get starts the pruning of expired sessions: here the first read prunes at once,
      // which starts the timer.
      if (!this.#pruning) {
        this.#pruning = true;
        this.pruneSessions();
      }
      (this as unknown as StoreQuery).query(
        SESSION_WITH_DEVICE,
        [sid, Math.floor(Date.now() / 1000)],
        (err: unknown, found?: { sess: SessionData | string } & DeviceRow) => {
          if (err) return callback(err);
          if (!found) return callback(null, null); // express-session's "no such session"
          let data: SessionData & WithDevice;
          try {
            data = typeof found.sess === 'string' ? (JSON.parse(found.sess) as SessionData) : found.sess;
          } catch {
            // As connect-pg-simple: a session that cannot be read is removed, and the request has none.
            return this.destroy(sid, (destroyError) => callback(destroyError));
          }
          if (typeof data.deviceId === 'string') {
            const { sess: _sess, ...row } = found;
            const read = { deviceId: data.deviceId, row: row.id ? row : null };
            Object.defineProperty(data, DEVICE_READ_WITH_SESSION, { value: read, configurable: true });
          }
          return callback(null, data);
        },
      );
    }

    override createSession(req: Request, data: SessionData) {
      const read = (data as SessionData & WithDevice)[DEVICE_READ_WITH_SESSION];
      (req as Request & WithDevice)[DEVICE_READ_WITH_SESSION] = read;
      return super.createSession(req, data);
    }
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
