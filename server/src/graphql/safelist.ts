import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PrefixingKeyValueCache, type KeyValueCache } from '@apollo/utils.keyvaluecache';
import { Kind, parse, type OperationDefinitionNode, type SelectionSetNode } from 'graphql';
import { projectRoot } from '../common/paths';
import { TAGGED_DEVICE_FIELDS } from './device-tag';

/**
 * Who may share an answer: `public` operations read only what is the same for everyone (app config, pricing);
 * `device` operations read only the calling device and its playlists, whose state `deviceTag` captures.
 */
export type Scope = 'public' | 'device';

export interface PersistedOperation {
  /** SHA-256 (hex) of `query`: the id a client sends as `extensions.persistedQuery.sha256Hash`. */
  id: string;
  name: string;
  query: string;
  scope: Scope;
}

/** Root fields answered the same to every caller. */
const PUBLIC_FIELDS = new Set(['appConfig', 'pricing', 'ping', '__typename']);
/** Root fields about the calling device, and the device fields its ETag covers (graphql/device-tag.ts). */
const DEVICE_FIELDS = new Set(['currentDevice', 'playlists', ...PUBLIC_FIELDS]);

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
      if (s.kind !== Kind.FIELD || !Object.hasOwn(TAGGED_DEVICE_FIELDS, s.name.value)) {
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
