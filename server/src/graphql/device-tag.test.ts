import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Kind, parse, type FieldNode } from 'graphql';
import { deviceStanding } from '../device/device-status';
import type { DeviceEntity } from '../device/device.entity';
import { resolvers } from '../resolvers';
import { deviceTag, TAGGED_DEVICE_FIELDS } from './device-tag';
import { loadPersistedOperations } from './safelist';

const TRIAL_DAYS = 7;
const DAY = 86_400_000;
const now = Date.now();

const base = {
  id: '0b7c3c4e-8f7a-4a43-9a57-1f1f3c0c0001',
  macAddress: 'a1:b2:c3:d4:e5:f6',
  deviceKeyHash: 'hash',
  parentPinHash: null,
  model: null,
  appVersion: null,
  licenceExpiresAt: null,
  licenceLifetime: false,
  playlistsVersion: 0,
  playlistCount: 0,
  createdAt: new Date(now - DAY),
  updatedAt: new Date(now - DAY),
} satisfies DeviceEntity;

/** Each a change a device goes through: a Switch MAC, a parent PIN, a payment, a playlist edit, the clock… */
const changes: Partial<DeviceEntity>[] = [
  { id: '0b7c3c4e-8f7a-4a43-9a57-1f1f3c0c0002' },
  { macAddress: 'a1:b2:c3:d4:e5:00' },
  { parentPinHash: 'pin-hash' },
  { model: 'Living room' },
  { appVersion: '2.5.0' },
  { licenceExpiresAt: new Date(now + 300 * DAY) },
  { licenceLifetime: true },
  { playlistsVersion: 1 },
  { createdAt: new Date(now - 2 * DAY) },
  { createdAt: new Date(now - 30 * DAY) },
];

const standing = (device: DeviceEntity) => deviceStanding(device, TRIAL_DAYS, new Date(now));
const context = { services: { devices: { standing } } };

/** A Device field as the graph answers it: its resolver, or the entity's property of that name. */
function answer(device: DeviceEntity, field: string): unknown {
  const resolve = (resolvers.Device as Record<string, unknown>)[field];
  const value =
    typeof resolve === 'function'
      ? (resolve as (d: DeviceEntity, a: object, c: object) => unknown)(device, {}, context)
      : (device as unknown as Record<string, unknown>)[field];
  return value instanceof Date ? value.getTime() : value;
}

/** The Device fields the safelisted operations (what TVs send) select under `currentDevice`. */
function fieldsTheTvReads(): string[] {
  return loadPersistedOperations().flatMap(({ query }) =>
    parse(query).definitions.flatMap((definition) =>
      definition.kind === Kind.OPERATION_DEFINITION
        ? definition.selectionSet.selections
            .filter((s): s is FieldNode => s.kind === Kind.FIELD && s.name.value === 'currentDevice')
            .flatMap((s) => (s.selectionSet?.selections ?? []).map((f) => (f as FieldNode).name.value))
        : [],
    ),
  );
}

describe('the TV start-up ETag', () => {
  it('changes whenever a Device field a TV may read answers differently', () => {
    const fields = [...new Set([...fieldsTheTvReads(), ...Object.keys(TAGGED_DEVICE_FIELDS)])].filter(
      (field) => field !== '__typename',
    );
    expect(fields).toEqual(expect.arrayContaining(['status', 'expireDate', 'playlistsVersion']));
    const stale: string[] = [];
    const untried: string[] = [];
    for (const field of fields) {
      let tried = false;
      for (const change of changes) {
        const changed = { ...base, ...change };
        if (answer(changed, field) === answer(base, field)) continue;
        tried = true;
        if (deviceTag(changed, standing(changed)) === deviceTag(base, standing(base))) {
          stale.push(`${field} after ${JSON.stringify(change)}`);
        }
      }
      // A field no change here moves would pass unseen: add the change that moves it.
      if (!tried) untried.push(field);
    }
    expect({ stale, untried }).toEqual({ stale: [], untried: [] });
  });

  it('refuses at start-up an operation reading a Device field the ETag does not cover', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'operations-'));
    writeFileSync(path.join(dir, 'TvPayments.graphql'), 'query TvPayments { currentDevice { id paymentCount } }');
    expect(() => loadPersistedOperations(dir)).toThrow('currentDevice selects what its ETag does not cover');
  });
});
