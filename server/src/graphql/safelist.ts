import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PrefixingKeyValueCache, type KeyValueCache } from '@apollo/utils.keyvaluecache';
import type { RequestHandler } from 'express';
import { Kind, parse, type OperationDefinitionNode, type SelectionSetNode } from 'graphql';
import { authenticate } from '../auth/authenticate';
import type { Caller } from '../auth/caller';
import { DomainError } from '../common/errors';
import { projectRoot } from '../common/paths';
import type { DeviceEntity } from '../device/device.entity';
import type { DeviceService } from '../device/device.service';

/**
 * Who may share an answer: `public` operations read only what is the same for everyone (app config, pricing);
 * `device` operations read only the calling device and its playlists, whose state `deviceTag` captures.
 */
type Scope = 'public' | 'device';

export interface PersistedOperation {
  /** SHA-256 (hex) of `query`: the id a client sends as `extensions.persistedQuery.sha256Hash`. */
  id: string;
  name: string;
  query: string;
  scope: Scope;
}

/** Root fields answered the same to every caller. */
const PUBLIC_FIELDS = new Set(['appConfig', 'pricing', 'ping', '__typename']);
/** Root fields about the calling device, and the device fields `deviceTag` covers. */
const DEVICE_FIELDS = new Set(['currentDevice', 'playlists', ...PUBLIC_FIELDS]);
const TAGGED_DEVICE_FIELDS = new Set([
  'id',
  'macAddress',
  'status',
  'isTrial',
  'createdAt',
  'expireDate',
  'hasParentPin',
  'model',
  'appVersion',
  'playlistsVersion',
  '__typename',
]);

/**
 * The safelisted operations TV apps may send by id (schema/operations/*.graphql, one operation a file, its text
 * exactly as clients send it). Each must be a query whose answer the server can tell is unchanged without running
 * it: otherwise the server refuses to start.
 */
export function loadPersistedOperations(dir = path.join(projectRoot(), 'schema', 'operations')): PersistedOperation[] {
  return readdirSync(dir)
    .filter((file) => file.endsWith('.graphql'))
    .sort()
    .map((file) => {
      const query = readFileSync(path.join(dir, file), 'utf8').trim();
      const document = parse(query);
      const operations = document.definitions.filter(
        (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
      );
      const [operation] = operations;
      if (operations.length !== 1 || !operation || operation.operation !== 'query' || !operation.name) {
        throw new Error(`${file}: a persisted operation is one named query`);
      }
      return {
        id: createHash('sha256').update(query).digest('hex'),
        name: operation.name.value,
        query,
        scope: scopeOf(file, operation.selectionSet),
      };
    });
}

function scopeOf(file: string, selections: SelectionSetNode): Scope {
  const fields = selections.selections.map((s) => {
    if (s.kind !== Kind.FIELD) throw new Error(`${file}: root fields only, no fragments`);
    return s;
  });
  if (fields.every((f) => PUBLIC_FIELDS.has(f.name.value))) return 'public';
  for (const field of fields) {
    if (!DEVICE_FIELDS.has(field.name.value)) throw new Error(`${file}: ${field.name.value} cannot be revalidated`);
    if (field.name.value !== 'currentDevice') continue;
    for (const s of field.selectionSet?.selections ?? []) {
      if (s.kind !== Kind.FIELD || !TAGGED_DEVICE_FIELDS.has(s.name.value)) {
        throw new Error(`${file}: currentDevice selects what its ETag does not cover`);
      }
    }
  }
  return 'device';
}

/**
 * Apollo's persisted-query cache holding the safelisted operations and nothing else: a client sending a document
 * with its hash gets it run, but never stored, so nobody can fill the server's memory with documents.
 */
export function safelistCache(operations: PersistedOperation[]): KeyValueCache<string> {
  const byId = new Map(operations.map((op) => [op.id, op.query]));
  // Keys are the operations' own hashes, not shared with any other use of a cache: no prefix needed.
  return PrefixingKeyValueCache.cacheDangerouslyDoesNotNeedPrefixesForIsolation<string>({
    async get(id) {
      return byId.get(id);
    },
    async set() {},
    async delete() {},
  });
}

/** The persisted operation a GET asks for by `extensions={"persistedQuery":{"sha256Hash":…}}`, if any. */
function requested(url: string, operations: Map<string, PersistedOperation>): PersistedOperation | undefined {
  const extensions = new URL(url, 'http://localhost').searchParams.get('extensions');
  if (!extensions) return undefined;
  try {
    const id = (JSON.parse(extensions) as { persistedQuery?: { sha256Hash?: unknown } }).persistedQuery?.sha256Hash;
    return typeof id === 'string' ? operations.get(id) : undefined;
  } catch {
    return undefined; // Apollo refuses the malformed parameter itself.
  }
}

/**
 * What the device-scoped operations can read of a device, now: its record, its standing (a trial ends with the
 * clock, not with a write) and its playlists' version, which a database trigger moves on every change to them.
 */
function deviceTag(device: DeviceEntity, services: { devices: DeviceService }): string {
  const standing = services.devices.standing(device);
  return JSON.stringify([
    device.id,
    device.macAddress,
    device.createdAt.getTime(),
    device.licenceExpiresAt?.getTime() ?? null,
    device.licenceLifetime,
    device.parentPinHash !== null,
    device.model,
    device.appVersion,
    device.playlistsVersion,
    standing.status,
    standing.expireDate?.getTime() ?? null,
  ]);
}

/** Where the context function finds the caller when this middleware already worked it out. */
export const AUTHENTICATION = 'authentication';

/**
 * Conditional GETs of the safelisted operations, so a TV fleet's starts cost little: most find nothing changed.
 *
 * - `public` operations: `Cache-Control: public, max-age=300`; Express answers an unchanged body 304 by its ETag.
 * - `device` operations: an ETag from the operation, its variables and the caller's device state, sent with
 *   `Cache-Control: private, no-cache`; a request whose `If-None-Match` holds it is answered 304 before anything
 *   runs. The device is read once: the context function takes it from here.
 *
 * Every other request passes through untouched (its answer is marked no-store by graphRequestGuard).
 */
export function conditionalGets(
  operations: PersistedOperation[],
  services: { devices: DeviceService },
): RequestHandler {
  const byId = new Map(operations.map((op) => [op.id, op]));
  return async (req, res, next) => {
    const operation = req.method === 'GET' ? requested(req.url, byId) : undefined;
    if (!operation) return next();
    if (operation.scope === 'public') {
      res.setHeader('Cache-Control', 'public, max-age=300');
      return next();
    }
    let auth: Caller;
    try {
      auth = await authenticate(req, services.devices);
    } catch (err) {
      if (err instanceof DomainError) return next(); // the context function answers the 401
      throw err;
    }
    res.locals[AUTHENTICATION] = auth;
    if (!auth.device) return next();
    const variables = new URL(req.url, 'http://localhost').searchParams.get('variables') ?? '';
    const tag = createHash('sha256')
      .update(`${operation.id}\n${variables}\n${deviceTag(auth.device, services)}`)
      .digest('base64url');
    const etag = `W/"${tag}"`;
    res.setHeader('Cache-Control', 'private, no-cache');
    res.setHeader('ETag', etag);
    res.setHeader('Vary', 'Authorization, Cookie');
    if (matches(req.headers['if-none-match'], etag)) {
      res.status(304).end();
      return;
    }
    next();
  };
}

function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((t) => {
    const tag = t.trim();
    return tag === '*' || tag.replace(/^W\//, '') === bare;
  });
}
