import { randomInt } from 'node:crypto';
import net from 'node:net';
import querystring from 'node:querystring';
import zlib from 'node:zlib';
import qs from 'qs';
import {
  buildASTSchema,
  concatAST,
  getArgumentValues,
  getNamedType,
  getNullableType,
  getVariableValues,
  isEnumType,
  isInputObjectType,
  isLeafType,
  isListType,
  isNonNullType,
  isObjectType,
  parse,
  validate,
  Kind,
  type FieldNode,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLOutputType,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from 'graphql';
import { loadTypeDefs } from '../../server/src/graphql/schema';
import { jsonOf } from './http';
import type { Answer } from './probes';

/**
 * A seeded generator of hostile input for fuzz.test.ts: values by kind (text, ids, flags, enums, wrong types),
 * GraphQL requests built from the schema in schema/, and raw HTTP requests. Everything random comes from one
 * seed, so a run can be repeated exactly (FUZZ_SEED), and made longer (FUZZ_ROUNDS).
 */

// ---------------------------------------------------------------------------------------------------------------
// Seed and random numbers

const DEFAULT_SEED = 0x5eed_f022;

/** The seed (FUZZ_SEED: a number, any text, or "random") and the multiplier of probes (FUZZ_ROUNDS). */
export function fuzzSettings(env: NodeJS.ProcessEnv = process.env): { seed: number; rounds: number } {
  const raw = env.FUZZ_SEED?.trim();
  let seed = DEFAULT_SEED;
  if (raw === 'random') seed = randomInt(2 ** 32);
  else if (raw && /^\d+$/.test(raw)) seed = Number(raw) >>> 0;
  else if (raw) seed = hashText(raw);
  const rounds = env.FUZZ_ROUNDS ? Number(env.FUZZ_ROUNDS) : 1;
  if (!Number.isFinite(rounds) || rounds <= 0) throw new Error(`FUZZ_ROUNDS must be a positive number`);
  return { seed, rounds };
}

function hashText(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** sfc32, seeded through splitmix32: small, fast and good enough to pick inputs. */
export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(readonly seed: number) {
    let h = seed >>> 0;
    const mix = () => {
      h = (h + 0x9e3779b9) >>> 0;
      let z = h;
      z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
      z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
      return (z ^ (z >>> 16)) >>> 0;
    };
    this.a = mix();
    this.b = mix();
    this.c = mix();
    this.d = mix();
  }

  /** A generator of its own for one part of the run, so adding probes to one part never shifts another. */
  fork(label: string): Rng {
    return new Rng((this.seed ^ hashText(label)) >>> 0);
  }

  next(): number {
    const t = (((this.a + this.b) >>> 0) + this.d) >>> 0;
    this.d = (this.d + 1) >>> 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) >>> 0;
    this.c = ((this.c << 21) | (this.c >>> 11)) >>> 0;
    this.c = (this.c + t) >>> 0;
    return t / 4_294_967_296;
  }

  int(below: number): number {
    return Math.floor(this.next() * below);
  }

  between(min: number, max: number): number {
    return min + this.int(max - min + 1);
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    if (!items.length) throw new Error('nothing to pick from');
    return items[this.int(items.length)]!;
  }

  weighted<T>(entries: ReadonlyArray<readonly [number, T]>): T {
    const total = entries.reduce((sum, [w]) => sum + w, 0);
    let at = this.next() * total;
    for (const [w, value] of entries) {
      at -= w;
      if (at < 0) return value;
    }
    return entries[entries.length - 1]![1];
  }

  uuid(): string {
    const hex = Array.from({ length: 32 }, () => this.int(16).toString(16));
    hex[12] = '4';
    hex[16] = '89ab'[this.int(4)]!;
    const h = hex.join('');
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
  }

  mac(): string {
    return Array.from({ length: 6 }, () => this.int(256).toString(16).padStart(2, '0')).join(':');
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Values

/** JSON sent as text, verbatim: structures too deep to build as objects, or not JSON at all. */
export class RawJson {
  constructor(
    readonly text: string,
    readonly label: string,
  ) {}
}

/** JSON.stringify, with RawJson values written as their text. */
export function toJson(value: unknown): string {
  const raws: string[] = [];
  const text =
    JSON.stringify(value, (_key, v: unknown) =>
      v instanceof RawJson ? `\u0000raw${raws.push(v.text) - 1}\u0000` : v,
    ) ?? 'null';
  return text.replace(/"\\u0000raw(\d+)\\u0000"/g, (_m, i: string) => raws[Number(i)]!);
}

/** Any generated value as the text it would be on a wire that carries only text (a path, a header). */
export function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value instanceof RawJson) return value.text.slice(0, 4000);
  return toJson(value);
}

export function deepJson(depth: number, kind: 'array' | 'object'): RawJson {
  const text =
    kind === 'array' ? `${'['.repeat(depth)}${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
  return new RawJson(text, `${kind} nested ${depth} deep`);
}

/** An object whose own keys are those JS object literals treat specially. */
function ownKeys(json: string): Record<string, unknown> {
  return JSON.parse(json) as Record<string, unknown>;
}

export const HUGE = 'x'.repeat(100_000);

/**
 * Text every field gets: empty and blank, injection (SQL, HTML, templates, paths, headers), control characters,
 * NUL, lone surrogates, direction overrides, normalisation traps, look-alike digits and MAC addresses, URLs of
 * internal addresses. None of it names what an internals leak would (see probes.ts LEAK), so an echo of the
 * input is never taken for one.
 */
export const HOSTILE_TEXT: readonly string[] = [
  '',
  ' ',
  '   ',
  '\t',
  '\n',
  '\r\n',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-1',
  '0',
  '1e309',
  '0x1F',
  'true',
  'false',
  '[]',
  '{}',
  '"',
  "'",
  '`',
  '\\',
  '%',
  '%00',
  '%zz',
  '%ED%A0%BD',
  '+',
  '&',
  '=',
  '?',
  '#',
  '/',
  '../..',
  '../../etc/passwd',
  '..\\..\\windows\\win.ini',
  'file:///etc/passwd',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '<svg/onload=alert(1)>',
  '<!--',
  ']]>',
  '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>',
  "' OR '1'='1' --",
  "'; DROP TABLE playlists; --",
  '1); DELETE FROM devices; --',
  "1' UNION SELECT device_key_hash FROM devices --",
  "'; SELECT sleep(5); --",
  '%_\\%',
  '${7*7}',
  '{{7*7}}',
  '#{7*7}',
  '<%= 7*7 %>',
  '{{constructor.constructor("return process")()}}',
  '${jndi:ldap://example.com/a}',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  '\u0000',
  'a\u0000b',
  '\u0000'.repeat(64),
  '\u001b[31mred\u001b[0m',
  '\u0085\u009f\u007f',
  '\b\f\v',
  '\uD83D',
  '\uDE00',
  '\uDE00\uD83D',
  '\uFFFE\uFFFF',
  '\uFEFF',
  'zero\u200Bwidth\u200D\uFEFF',
  'مرحبا \u202Eevil.m3u\u202C',
  '\u202E\u2066\u2067\u2068\u2069\u061C\u200E\u200F',
  'Ελληνικά 📺 TV',
  '👨‍👩‍👧‍👦'.repeat(30),
  '\u0958'.repeat(100),
  'e\u0301'.repeat(200),
  'Z\u0337\u0327\u031B\u031D\u031C\u0330a\u0338l\u0337g\u0336o\u0335',
  '１２３４５６',
  '١٢٣٤٥٦',
  '𝟏𝟐𝟑𝟒𝟓𝟔',
  '12345６',
  ' 123456',
  '123456 ',
  '123456\n',
  '+123456',
  '-12345',
  '12 34 56',
  '1234567',
  '12345',
  '123',
  '123456789012345678901234567890',
  'AA:BB:CC:DD:EE:F',
  'aa:bb:cc:dd:ee:ff:00',
  'aa:bb:cc:dd:ee:fg',
  'gg:hh:ii:jj:kk:ll',
  'aa:bb:cc:dd:ee:ff\u0000',
  'аа:bb:cc:dd:ee:ff',
  'aabbccddeeff',
  'aa.bb.cc.dd.ee.ff',
  'http://127.0.0.1/',
  'http://[::1]/',
  'http://169.254.169.254/latest/meta-data/',
  'http://localhost:5432/',
  'gopher://127.0.0.1:6379/_INFO',
  'ftp://user:pass@example.com/../../etc/passwd',
  'http://example.com/\u202Egpj.exe',
  'http://example.com/a\u0000b',
  'HTTP://EXAMPLE.COM',
  'http://user@evil.example@good.example/',
  'http://0x7f.1/',
  'http://2130706433/',
  'javascript://%0aalert(1)',
  'data:text/html,<script>alert(1)</script>',
  'x@y',
  'a@b.c',
  '@',
  `${'a'.repeat(64)}@${'b'.repeat(250)}.com`,
  '"a b"@example.com',
  'user@[127.0.0.1]',
  '\r\nSet-Cookie: sid=evil',
  'Content-Length: 0\r\n\r\nGET / HTTP/1.1',
  'BTC',
  'btc',
  'DOGE',
  'OPAY',
  'opay',
  'PAYPAL',
  'paypal',
  'IBOSTORE',
  'ibostore',
  'GENERAL',
  'general',
  'CODE',
  'XC',
];

/** Values of the wrong JSON type for any field, including objects that break String() and prototype keys. */
const WRONG_TYPES: ReadonlyArray<() => unknown> = [
  () => 0,
  () => -1,
  () => 1,
  () => 1.5,
  () => -0.0001,
  () => 2 ** 31,
  () => -(2 ** 31) - 1,
  () => 2 ** 53 + 2,
  () => 1e308,
  () => -1e308,
  () => 123456,
  () => 5e-324,
  () => true,
  () => false,
  () => null,
  () => [],
  () => [null],
  () => ['x'],
  () => [1, 2, 3],
  () => [[[[]]]],
  () => Array.from({ length: 1000 }, (_, i) => i),
  () => ({}),
  () => ({ a: 1 }),
  () => ({ $ne: null }),
  () => ({ $gt: '' }),
  () => ({ toString: 0 }),
  () => ({ toString: 0, valueOf: 0 }),
  () => ({ length: 1e9 }),
  () => ownKeys('{"__proto__":{"isAdmin":true,"licenceLifetime":true}}'),
  () => ({ constructor: { prototype: { isAdmin: true } } }),
  () => Object.fromEntries(Array.from({ length: 1000 }, (_, i) => [`k${i}`, i])),
  () => deepJson(64, 'array'),
  () => deepJson(2000, 'object'),
];

/** Keys no input takes, some of which would matter a lot if one did. */
const UNKNOWN_KEYS: readonly string[] = [
  'deviceId',
  'device_id',
  'id',
  'isAdmin',
  'licenceLifetime',
  'licence_lifetime',
  'status',
  'amount',
  'macAddress',
  '__typename',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'valueOf',
  '',
  ' ',
  'name ',
  'NAME',
  'pin\u0000',
  '$where',
  'a.b',
  '[0]',
  '\u202Eeman',
];

export interface Pools {
  /** Ids to aim at: other devices' records, unknown ids, the caller's own where every use is refused. */
  ids: readonly unknown[];
  /** MAC addresses to aim at. */
  macs: readonly string[];
  /** Values the generator must never produce (PINs and keys a probe could otherwise guess). */
  secrets: ReadonlySet<string>;
}

const ALPHABETS: ReadonlyArray<() => (rng: Rng) => string> = [
  () => (rng) => String.fromCharCode(rng.between(0x20, 0x7e)),
  () => (rng) => String.fromCharCode(rng.pick([rng.between(0x00, 0x1f), rng.between(0x7f, 0x9f)])),
  () => (rng) => String(rng.int(10)),
  () => (rng) => '0123456789abcdefABCDEF:-'[rng.int(24)]!,
  () => (rng) => String.fromCharCode(rng.between(0xa0, 0xff)),
  () => (rng) => String.fromCharCode(rng.between(0x100, 0xd7ff)),
  () => (rng) => String.fromCharCode(rng.between(0xd800, 0xdfff)),
  () => (rng) => String.fromCodePoint(rng.between(0x10000, 0x10ffff)),
  () => (rng) => rng.pick(['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2069', '\u061C']),
  () => (rng) => rng.pick(['\u200B', '\u200C', '\u200D', '\u2060', '\uFEFF', '\u00AD']),
  () => (rng) => String.fromCharCode(rng.between(0x0300, 0x036f)),
  () => (rng) => String.fromCharCode(rng.between(0xff10, 0xff19)),
];

/** Generates values by kind from one Rng and the pools of the run. */
export class ValueGen {
  constructor(
    readonly rng: Rng,
    readonly pools: Pools,
  ) {}

  /** Text for a text field: the fixed list, random text, the valid value bent, or an id or MAC to aim at. */
  text(base?: unknown): unknown {
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const value = this.textOnce(base);
      if (typeof value !== 'string' || !this.pools.secrets.has(value.trim())) return value;
    }
    return '';
  }

  private textOnce(base?: unknown): unknown {
    const rng = this.rng;
    const kind = rng.weighted<string>([
      [30, 'fixed'],
      [20, 'random'],
      [typeof base === 'string' ? 30 : 0, 'bent'],
      [8, 'pool'],
      [10, 'wrong'],
      [2, 'huge'],
    ]);
    switch (kind) {
      case 'fixed':
        return rng.pick(HOSTILE_TEXT);
      case 'random':
        return this.randomText();
      case 'bent':
        return this.bend(base as string);
      case 'pool':
        return rng.chance(0.5) && this.pools.macs.length ? rng.pick(this.pools.macs) : rng.pick(this.pools.ids);
      case 'huge':
        return rng.chance(0.5) ? HUGE : `http://example.com/${'y'.repeat(rng.between(8_200, 9_000))}`;
      default:
        return this.wrongType();
    }
  }

  randomText(): string {
    const rng = this.rng;
    const length = rng.weighted<() => number>([
      [50, () => rng.between(0, 16)],
      [30, () => rng.between(17, 256)],
      [12, () => rng.between(257, 4096)],
      [3, () => rng.between(8_190, 9_000)],
    ])();
    const alphabets = Array.from({ length: rng.between(1, 3) }, () => rng.pick(ALPHABETS)());
    let out = '';
    while (out.length < length) out += rng.pick(alphabets)(rng);
    return out;
  }

  /** The valid value with one hostile change: how real attacks and real typos look. */
  bend(base: string): string {
    const rng = this.rng;
    const at = rng.int(base.length + 1);
    const odd = () =>
      rng.pick(['\u0000', '\n', '\t', ' ', '\u202E', '\u200B', '\uD83D', '%', "'", '"', '<', '>', '\\', '１', 'é']);
    switch (rng.int(10)) {
      case 0:
        return base.slice(0, at) + odd() + base.slice(at);
      case 1:
        return base.slice(0, at) + base.slice(at + 1);
      case 2:
        return base.slice(0, at) + odd() + base.slice(at + 1);
      case 3:
        return rng.pick([' ', '\t', '\n', '\u00A0', '\u3000', '\uFEFF']) + base + rng.pick(['', ' ', '\n', '\u0000']);
      case 4:
        return base.repeat(rng.between(2, 2000));
      case 5:
        return rng.chance(0.5) ? base.toUpperCase() : base.toLowerCase();
      case 6:
        return base.slice(0, rng.int(base.length + 1));
      case 7:
        return base + rng.pick(HOSTILE_TEXT);
      case 8:
        return rng.pick(HOSTILE_TEXT) + base;
      default:
        return base.normalize(rng.pick(['NFD', 'NFKC', 'NFKD']));
    }
  }

  wrongType(): unknown {
    return this.rng.pick(WRONG_TYPES)();
  }

  /** An id: one of the pool (other devices', unknown, the caller's refused ones), text, or a wrong type. */
  id(): unknown {
    const rng = this.rng;
    return rng.weighted<() => unknown>([
      [45, () => rng.pick(this.pools.ids)],
      [10, () => rng.uuid()],
      [30, () => this.text(rng.pick(this.pools.ids.filter((id) => typeof id === 'string')) ?? 'x')],
      [15, () => this.wrongType()],
    ])();
  }

  flag(): unknown {
    const rng = this.rng;
    return rng.weighted<() => unknown>([
      [25, () => rng.chance(0.5)],
      [35, () => rng.pick(['true', 'false', '1', '0', 'on', 'off', 'yes', '', 'TRUE', ' true'])],
      [40, () => this.wrongType()],
    ])();
  }

  enumValue(values: readonly string[], others: readonly string[] = []): unknown {
    const rng = this.rng;
    return rng.weighted<() => unknown>([
      [30, () => rng.pick(values)],
      [20, () => this.bend(rng.pick(values))],
      [15, () => (others.length ? rng.pick(others) : rng.pick(HOSTILE_TEXT))],
      [35, () => this.text()],
    ])();
  }

  unknownKey(): string {
    return this.rng.chance(0.8) ? this.rng.pick(UNKNOWN_KEYS) : this.randomText().slice(0, 40);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Mutating a base value along paths

type Path = readonly string[];

function clone<T>(value: T): T {
  if (value instanceof RawJson) return value;
  if (Array.isArray(value)) return value.map(clone) as T;
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value)) {
      Object.defineProperty(out, key, {
        value: clone((value as Record<string, unknown>)[key]),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return out as T;
  }
  return value;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return !!value && typeof value === 'object' && !Array.isArray(value) && !(value instanceof RawJson);
}

export function getAt(root: unknown, path: Path): unknown {
  let at = root;
  for (const key of path) {
    if (!isRecord(at)) return undefined;
    at = Object.hasOwn(at, key) ? at[key] : undefined;
  }
  return at;
}

/** Sets (or with `undefined` removes) the value at a path; a path through a non-object is left alone. */
export function setAt(root: Record<string, unknown>, path: Path, value: unknown): void {
  let at: unknown = root;
  for (const key of path.slice(0, -1)) {
    if (!isRecord(at)) return;
    at = at[key];
  }
  if (!isRecord(at)) return;
  const last = path[path.length - 1]!;
  if (value === undefined) delete at[last];
  else Object.defineProperty(at, last, { value, enumerable: true, writable: true, configurable: true });
}

/** A field of a request that values are generated for, and how. */
export interface Slot {
  path: Path;
  gen: (base: unknown) => unknown;
  /** An object (an input object, a whole body): unknown keys can be added to it. */
  object?: boolean;
}

/** The base with one to three hostile changes, and what they were. */
export function mutate(
  base: Record<string, unknown>,
  slots: readonly Slot[],
  values: ValueGen,
): { value: Record<string, unknown>; changes: string[] } {
  const rng = values.rng;
  const value = clone(base);
  const changes: string[] = [];
  const count = 1 + (rng.chance(0.3) ? 1 : 0) + (rng.chance(0.1) ? 1 : 0);
  for (let i = 0; i < count && slots.length; i += 1) {
    const slot = rng.pick(slots);
    const where = slot.path.join('.') || '(all)';
    const op = rng.weighted<string>([
      [72, 'set'],
      [9, 'delete'],
      [slot.object ? 10 : 3, 'unknown'],
      [6, 'null'],
    ]);
    if (op === 'set') {
      const next = slot.gen(getAt(value, slot.path));
      if (slot.path.length) setAt(value, slot.path, next);
      changes.push(`${where}=${short(next)}`);
    } else if (op === 'delete' && slot.path.length) {
      setAt(value, slot.path, undefined);
      changes.push(`-${where}`);
    } else if (op === 'null' && slot.path.length) {
      setAt(value, slot.path, null);
      changes.push(`${where}=null`);
    } else {
      const target = slot.object ? slot.path : slot.path.slice(0, -1);
      const key = values.unknownKey();
      const extra = rng.chance(0.5) ? values.text() : values.wrongType();
      const holder = getAt(value, target);
      if (target.length === 0 && isRecord(value)) {
        Object.defineProperty(value, key, { value: extra, enumerable: true, writable: true, configurable: true });
      } else if (isRecord(holder)) {
        Object.defineProperty(holder, key, { value: extra, enumerable: true, writable: true, configurable: true });
      }
      changes.push(`+${[...target, key].join('.')}`);
    }
  }
  return { value, changes };
}

export function short(value: unknown): string {
  if (value instanceof RawJson) return `<${value.label}>`;
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = '<unprintable>';
  }
  return text.length > 40 ? `${text.slice(0, 37)}…(${text.length})` : text;
}

// ---------------------------------------------------------------------------------------------------------------
// GraphQL: the schema, values by type, documents

export function fuzzSchema(): GraphQLSchema {
  return buildASTSchema(concatAST(loadTypeDefs()));
}

export interface RootField {
  /** `Query.playlists`, `Mutation.createPlaylist`. */
  key: string;
  operation: 'query' | 'mutation';
  field: GraphQLField<unknown, unknown>;
}

export function rootFields(schema: GraphQLSchema): RootField[] {
  const roots: Array<['query' | 'mutation', ReturnType<GraphQLSchema['getQueryType']>]> = [
    ['query', schema.getQueryType()],
    ['mutation', schema.getMutationType()],
  ];
  return roots.flatMap(([operation, type]) =>
    type
      ? Object.values(type.getFields()).map((field) => ({ key: `${type.name}.${field.name}`, operation, field }))
      : [],
  );
}

/** The slots of a field's arguments, down into input objects, each generating values by its type. */
export function argumentSlots(field: GraphQLField<unknown, unknown>, values: ValueGen): Slot[] {
  const slots: Slot[] = [];
  const walk = (path: string[], type: GraphQLInputType, depth: number) => {
    const named = getNullableType(type);
    slots.push({ path, gen: (base) => valueFor(type, values, base), object: isInputObjectType(named) });
    if (isInputObjectType(named) && depth < 3) {
      for (const inner of Object.values(named.getFields())) walk([...path, inner.name], inner.type, depth + 1);
    }
  };
  for (const arg of field.args) walk([arg.name], arg.type, 0);
  return slots;
}

/** A hostile value for a GraphQL input type (near-valid most of the time: that is where the bugs are). */
export function valueFor(type: GraphQLInputType, values: ValueGen, base?: unknown): unknown {
  const rng = values.rng;
  if (isNonNullType(type)) {
    if (rng.chance(0.05)) return rng.chance(0.5) ? null : undefined;
    return valueFor(type.ofType, values, base);
  }
  if (isListType(type)) {
    if (rng.chance(0.3)) return valueFor(type.ofType, values, base);
    return Array.from({ length: rng.int(4) }, () => valueFor(type.ofType, values));
  }
  if (isEnumType(type)) return values.enumValue(type.getValues().map((v) => v.name));
  if (isInputObjectType(type)) {
    if (rng.chance(0.35)) return values.wrongType();
    const out: Record<string, unknown> = {};
    for (const inner of Object.values(type.getFields())) {
      const kept = isRecord(base) ? base[inner.name] : undefined;
      const next =
        rng.chance(0.6) && kept !== undefined ? kept : rng.chance(0.4) ? undefined : valueFor(inner.type, values);
      if (next !== undefined) out[inner.name] = next;
    }
    if (rng.chance(0.2)) out[values.unknownKey()] = values.text();
    return out;
  }
  switch (type.name) {
    case 'ID':
      return values.id();
    case 'Boolean':
      return values.flag();
    case 'Int':
    case 'Float':
      return rng.chance(0.5) ? values.wrongType() : rng.pick([0, -1, 2 ** 31, 1.5, '1', 1e308]);
    default:
      return values.text(base);
  }
}

/**
 * The fields a query may select from a type, leaves only below `depth` levels: every selection the portal
 * could make, within the graph's cost and depth limits.
 */
export function selectionFor(type: GraphQLOutputType, depth = 2): string {
  const named = getNamedType(type);
  if (isLeafType(named)) return '';
  if (!isObjectType(named)) return '{ __typename }';
  const parts = Object.values(named.getFields()).flatMap((field) => {
    if (field.args.some((arg) => isNonNullType(arg.type))) return [];
    if (isLeafType(getNamedType(field.type))) return [field.name];
    if (depth <= 0) return [];
    const inner = selectionFor(field.type, depth - 1);
    return inner ? [`${field.name} ${inner}`] : [];
  });
  return `{ ${parts.length ? parts.join(' ') : '__typename'} }`;
}

const NAME = /^[_A-Za-z][_0-9A-Za-z]*$/;

/** A value written into the document itself (an argument literal), typed where the type is known. */
export function graphLiteral(value: unknown, type: GraphQLInputType | undefined, rng: Rng): string {
  const nullable = type ? getNullableType(type) : undefined;
  if (value instanceof RawJson) return value.text.startsWith('[') ? value.text : JSON.stringify(value.text);
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'string') {
    // An enum is written bare; a string where an enum goes is a refusal worth sending too.
    if (nullable && isEnumType(nullable) && NAME.test(value) && rng.chance(0.85)) return value;
    return JSON.stringify(value);
  }
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '0';
  if (typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) {
    const item = nullable && isListType(nullable) ? nullable.ofType : undefined;
    return `[${value.map((v) => graphLiteral(v, item, rng)).join(', ')}]`;
  }
  const fields = nullable && isInputObjectType(nullable) ? nullable.getFields() : undefined;
  const entries = Object.keys(value as object).map(
    (key) => `${key}: ${graphLiteral((value as Record<string, unknown>)[key], fields?.[key]?.type, rng)}`,
  );
  return `{${entries.join(', ')}}`;
}

export interface GraphRequest {
  query: string;
  variables?: Record<string, unknown>;
  operationName?: unknown;
  /** How the request was made, for the label. */
  shape: string;
}

/** A type to declare a variable with that does not fit the argument. */
const WRONG_DECLARATIONS = ['String', 'String!', 'ID!', 'Int', 'Boolean!', '[String]', 'PlaylistInput', 'NoSuchType'];

/** A request for one root field with the given arguments: as variables (mostly) or as literals in the document. */
export function fieldRequest(root: RootField, args: Record<string, unknown>, rng: Rng): GraphRequest {
  const { field, operation } = root;
  const selection = selectionFor(field.type, rng.chance(0.15) ? 3 : 2);
  if (!field.args.length) return { query: `${operation} { ${field.name} ${selection} }`, shape: 'plain' };
  if (rng.chance(0.3)) {
    const literals = field.args
      .filter((arg) => args[arg.name] !== undefined)
      .map((arg) => `${arg.name}: ${graphLiteral(args[arg.name], arg.type, rng)}`);
    const list = literals.length ? `(${literals.join(', ')})` : '';
    return { query: `${operation} { ${field.name}${list} ${selection} }`, shape: 'literal' };
  }
  const wrong = rng.chance(0.07);
  const declarations = field.args.map(
    (arg) => `$${arg.name}: ${wrong ? rng.pick(WRONG_DECLARATIONS) : String(arg.type)}`,
  );
  const uses = field.args.map((arg) => `${arg.name}: $${arg.name}`);
  const variables: Record<string, unknown> = {};
  for (const arg of field.args) if (args[arg.name] !== undefined) variables[arg.name] = args[arg.name];
  return {
    query: `${operation} Fuzz(${declarations.join(', ')}) { ${field.name}(${uses.join(', ')}) ${selection} }`,
    variables,
    shape: wrong ? 'variables, declared wrong' : 'variables',
  };
}

/**
 * A request for a root field that graphql-js refuses before anything runs: unknown arguments and fields, wrong
 * selections, bad directives and variables, fragment cycles, misplaced roots, too many aliases. For fields
 * whose every valid call would act (logout) or be answered (ping), this is the whole of their fuzzing.
 */
export function brokenRequest(root: RootField, values: ValueGen, allRoots: readonly RootField[]): GraphRequest {
  const rng = values.rng;
  const { field, operation } = root;
  const selection = selectionFor(field.type, 1);
  const hostile = () => graphLiteral(rng.chance(0.7) ? values.text() : values.wrongType(), undefined, rng);
  const rootType = operation === 'query' ? 'Query' : 'Mutation';
  const sibling = rng.pick(allRoots.filter((r) => r.operation === operation && r.field.name !== field.name));
  const kinds: Array<[string, () => GraphRequest]> = [
    [
      'unknown argument',
      () => ({
        query: `${operation} { ${field.name}(${values.unknownKey().replace(/\W/g, '') || 'x'}: ${hostile()}) ${selection} }`,
        shape: '',
      }),
    ],
    [
      'unknown field',
      () => ({
        query: selection
          ? `${operation} { ${field.name} { ${selection.slice(1, -1)} noSuchField${rng.int(100)} } }`
          : `${operation} { ${field.name} { noSuchField } }`,
        shape: '',
      }),
    ],
    [
      'selection that does not fit',
      () => ({
        query: selection ? `${operation} { ${field.name} }` : `${operation} { ${field.name} { __typename } }`,
        shape: '',
      }),
    ],
    [
      'directive with a wrong argument',
      () => ({
        query: `${operation} { ${field.name} @${rng.pick(['include', 'skip'])}(if: ${graphLiteral(values.text(), undefined, rng)}) ${selection} }`,
        shape: '',
      }),
    ],
    [
      'unknown directive',
      () => ({ query: `${operation} { ${field.name} @fuzz(x: ${hostile()}) ${selection} }`, shape: '' }),
    ],
    [
      'misplaced directive',
      () => ({ query: `${operation} { ${field.name} @deprecated(reason: ${hostile()}) ${selection} }`, shape: '' }),
    ],
    [
      'unused variable',
      () => ({
        query: `${operation} Fuzz($v: String) { ${field.name}${argsOf(field)} ${selection} }`,
        variables: { v: values.text(), ...argVars(field, values) },
        shape: '',
      }),
    ],
    [
      'undeclared variable',
      () => ({ query: `${operation} { ${field.name}(${field.args[0]?.name ?? 'x'}: $nope) ${selection} }`, shape: '' }),
    ],
    [
      'the same operation name twice',
      () => ({
        query: `${operation} A { ${field.name}${argsOf(field)} ${selection} } ${operation} A { __typename }`,
        variables: argVars(field, values),
        operationName: 'A',
        shape: '',
      }),
    ],
    [
      'fragment on an unknown type',
      () => ({ query: `${operation} { ...F } fragment F on NoSuch${rng.int(100)} { ${field.name} }`, shape: '' }),
    ],
    [
      'fragment cycle',
      () => ({
        query: `${operation} { ...A } fragment A on ${rootType} { ${field.name}${argsOf(field)} ${selection} ...B } fragment B on ${rootType} { ...A }`,
        variables: argVars(field, values),
        shape: '',
      }),
    ],
    [
      'the other root',
      () => ({
        query: `${operation === 'query' ? 'mutation' : 'query'} { ${field.name}${argsOf(field)} ${selection} }`,
        variables: argVars(field, values),
        shape: '',
      }),
    ],
    [
      'one alias for two fields',
      () => ({
        query: `${operation} { a: ${field.name}${argsOf(field)} ${selection} a: ${sibling.field.name} ${selectionFor(sibling.field.type, 1)} }`,
        variables: argVars(field, values),
        shape: '',
      }),
    ],
    [
      'an anonymous operation beside a named one',
      () => ({ query: `{ __typename } ${operation} Fuzz { ${field.name}${argsOf(field)} ${selection} }`, shape: '' }),
    ],
    [
      'too many aliases',
      () => ({
        query: `${operation} { ${Array.from({ length: rng.between(16, 60) }, (_, i) => `a${i}: ${field.name}${argsOf(field)} ${selection}`).join(' ')} }`,
        variables: argVars(field, values),
        shape: '',
      }),
    ],
    [
      'an operation name that is not in the document',
      () => ({
        query: `${operation} Fuzz { ${field.name}${argsOf(field)} ${selection} }`,
        variables: argVars(field, values),
        operationName: rng.chance(0.5) ? values.text() : `Nope${rng.int(100)}`,
        shape: '',
      }),
    ],
  ];
  const [kind, make] = rng.pick(kinds);
  return { ...make(), shape: `broken: ${kind}` };
}

/** Literal arguments that are valid in form (placeholders through variables), for broken documents. */
function argsOf(field: GraphQLField<unknown, unknown>): string {
  return field.args.length ? `(${field.args.map((a) => `${a.name}: $${a.name}`).join(', ')})` : '';
}

function argVars(field: GraphQLField<unknown, unknown>, values: ValueGen): Record<string, unknown> {
  return Object.fromEntries(field.args.map((arg) => [arg.name, valueFor(arg.type, values)]));
}

/**
 * graphql-js's own reading of a request: the root field's arguments as its resolver would receive them, or
 * null when the graph refuses the request before any resolver runs (parse, validation, variables, arguments).
 * Apollo adds limits of its own, so null is certain, a value is only "might run".
 */
export function argumentsIfRun(schema: GraphQLSchema, request: GraphRequest): Record<string, unknown> | null {
  try {
    const document = parse(request.query);
    if (validate(schema, document).length) return null;
    const operations = document.definitions.filter(
      (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
    );
    const name = request.operationName;
    const operation =
      name === undefined || name === null
        ? operations.length === 1
          ? operations[0]
          : undefined
        : operations.find((o) => o.name?.value === name);
    if (!operation) return null;
    const variables = getVariableValues(schema, operation.variableDefinitions ?? [], request.variables ?? {});
    if (variables.errors) return null;
    const node = operation.selectionSet.selections.find((s): s is FieldNode => s.kind === Kind.FIELD);
    const rootType = operation.operation === 'mutation' ? schema.getMutationType() : schema.getQueryType();
    const definition = node && rootType?.getFields()[node.name.value];
    if (!node || !definition) return null;
    return getArgumentValues(definition, node, variables.coerced);
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The wire

export interface Wire {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
}

/** A header value fetch will send: latin-1 without CR, LF or NUL (anything else would fail in the client). */
export function headerSafe(value: string): string {
  return value.replace(/[^\t\x20-\x7e\x80-\xff]/g, '?');
}

/** A value as a URL component; lone surrogates become the invalid UTF-8 they would be on the wire. */
export function urlComponent(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return value.replace(/[\uD800-\uDFFF]/g, '%ED%A0%BD').replace(/[^%\w-]/g, (c) => encodeURIComponent(c));
  }
}

/** Fields as a form body or query string: arrays as repeated keys, objects as bracketed keys. */
export function formEncode(fields: Record<string, unknown>): string {
  const parts: string[] = [];
  const add = (key: string, value: unknown, depth: number): void => {
    if (value === undefined) return;
    if (value === null) parts.push(urlComponent(key));
    else if (value instanceof RawJson) parts.push(`${urlComponent(key)}=${urlComponent(value.text.slice(0, 4000))}`);
    else if (Array.isArray(value)) value.slice(0, 50).forEach((item) => add(key, item, depth + 1));
    else if (typeof value === 'object') {
      if (depth > 3) return;
      for (const sub of Object.keys(value).slice(0, 50))
        add(`${key}[${sub}]`, (value as Record<string, unknown>)[sub], depth + 1);
    } else parts.push(`${urlComponent(key)}=${urlComponent(String(value))}`);
  };
  for (const key of Object.keys(fields)) add(key, fields[key], 0);
  return parts.join('&');
}

/**
 * What a form body is to the server: parsed exactly as `express.urlencoded({ extended: false })` parses it (qs,
 * no nesting, repeated keys as lists, undecodable escapes kept as they are). Null when the parser refuses it.
 */
export function formView(body: string): Record<string, unknown> | null {
  if (!body.length) return {};
  const params = body.split('&').length;
  if (params > 1000) return null;
  try {
    return qs.parse(body, {
      allowPrototypes: true,
      arrayLimit: params,
      depth: 0,
      parameterLimit: 1000,
      strictDepth: true,
    }) as Record<string, unknown>;
  } catch {
    return null;
  }
}

/** What a query string is to the server: Express 5's default ("simple") query parser, node:querystring. */
export function queryView(search: string): Record<string, unknown> {
  return { ...querystring.parse(search.replace(/^\?/, '')) };
}

export async function sendWire(baseUrl: string, wire: Wire): Promise<Answer> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(wire.headers ?? {})) headers[name] = headerSafe(value);
  const res = await fetch(baseUrl + wire.path, {
    method: wire.method,
    headers,
    body: wire.method === 'GET' || wire.method === 'HEAD' ? undefined : wire.body,
    redirect: 'manual',
  });
  const text = await res.text();
  const json = jsonOf(text);
  return { status: res.status, headers: res.headers, text, json };
}

/** Raw bytes to the server over a socket of their own: requests fetch would refuse to send or would normalise. */
export function sendRaw(port: number, request: string | Buffer, timeoutMs = 15_000): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = net.connect(port, '127.0.0.1');
    let settled = false;
    const finish = (err?: Error) => {
      if (settled) return;
      settled = true;
      socket.destroy();
      const data = Buffer.concat(chunks);
      if (!data.length) return reject(err ?? new Error('the connection closed without an answer'));
      resolve(parseRawAnswer(data));
    };
    socket.setTimeout(timeoutMs, () => finish(new Error('no answer in time')));
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('end', () => finish());
    socket.on('close', () => finish());
    // A reset after the answer was sent (the server closes a connection it refused) is not a failure.
    socket.on('error', (err) => finish(err));
    socket.write(request);
  });
}

function parseRawAnswer(data: Buffer): Answer {
  // An interim answer (100 Continue) comes first; the answer is the one after it.
  while (/^HTTP\/1\.[01] 1\d\d /.test(data.subarray(0, 16).toString('latin1'))) {
    const end = data.indexOf('\r\n\r\n');
    if (end < 0) break;
    data = data.subarray(end + 4);
  }
  const split = data.indexOf('\r\n\r\n');
  const head = data.subarray(0, split < 0 ? data.length : split).toString('latin1');
  let body = split < 0 ? Buffer.alloc(0) : data.subarray(split + 4);
  const [statusLine = '', ...lines] = head.split('\r\n');
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1] ?? 0);
  const headers = new Headers();
  for (const line of lines) {
    const at = line.indexOf(':');
    if (at > 0) headers.append(line.slice(0, at).trim(), line.slice(at + 1).trim());
  }
  // Only the first answer: a connection may carry more (a request smuggled behind another).
  if (/chunked/i.test(headers.get('transfer-encoding') ?? '')) body = dechunk(body);
  else if (headers.get('content-length')) body = body.subarray(0, Number(headers.get('content-length')));
  const text = body.toString('utf8');
  const json = jsonOf(text);
  return { status, headers, text, json };
}

function dechunk(body: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  while (at < body.length) {
    const lineEnd = body.indexOf('\r\n', at);
    if (lineEnd < 0) break;
    const size = parseInt(body.subarray(at, lineEnd).toString('latin1'), 16);
    if (!Number.isFinite(size) || size <= 0) break;
    parts.push(body.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(parts);
}

/** Percent-encoding traps for paths and query strings, sent verbatim (never encoded again). */
export const PERCENT_TRAPS: readonly string[] = [
  '%',
  '%%',
  '%zz',
  '%0',
  '%00',
  '%0a%0d',
  '%2e%2e',
  '%2e%2e%2f%2e%2e%2f',
  '..%2f..%2f',
  '%2f',
  '%5c',
  '%25',
  '%2525',
  '%c0%ae%c0%ae',
  '%c0%af',
  '%ed%a0%bd',
  '%ed%b8%80',
  '%f0%9f%93',
  '%e0%a4%a',
  '%ff%fe',
  '%u0041',
  '%uD83D',
  '%e2%80%ae',
  '%ef%bb%bf',
  '%20',
  '+',
  '%2b',
  '%3f%23',
  '%26%3d',
  '%7b%7d',
];

export interface WireBody {
  label: string;
  body: string | Buffer;
  /** undefined: no Content-Type header at all. */
  contentType: string | undefined;
  headers?: Record<string, string>;
}

let bomb: Buffer | undefined;
/** 20 MB of spaces, gzipped to some 20 kB. */
function gzipBomb(): Buffer {
  bomb ??= zlib.gzipSync(Buffer.alloc(20_000_000, 0x20));
  return bomb;
}

function utf16(text: string, bigEndian: boolean, bom: boolean): Buffer {
  const le = Buffer.from(text, 'utf16le');
  const out = bigEndian ? Buffer.from(le).swap16() : le;
  const mark = bigEndian ? Buffer.from([0xfe, 0xff]) : Buffer.from([0xff, 0xfe]);
  return bom ? Buffer.concat([mark, out]) : out;
}

/**
 * Bodies that are not what they claim to be, built around a plausible JSON body of the call (`json`): malformed
 * and truncated JSON, JSON of every wrong type, structures nested tens of thousands deep, bodies over the size
 * limit, wrong and missing content types, declared and undeclared encodings (UTF-16, latin-1, unknown charsets, a
 * BOM, invalid UTF-8, NUL bytes, lone surrogates), compression that is not what it says, and form bodies over
 * the parser's limits. The caller makes sure the plausible body itself would be refused where acting on it
 * would change data.
 */
export function wireBodies(json: string): WireBody[] {
  const J = 'application/json';
  const F = 'application/x-www-form-urlencoded';
  const deepArrays = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;
  const deepObjects = (n: number) => `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`;
  const inner = json.replace(/^\{|\}$/g, '');
  const withField = (raw: string) => `{${inner}${inner ? ',' : ''}"zz":${raw}}`;
  const invalidUtf8 = Buffer.concat([
    Buffer.from(json.slice(0, Math.max(1, json.length - 2)), 'utf8'),
    Buffer.from([0xc0, 0xaf, 0xff, 0xfe, 0xed, 0xa0, 0xbd, 0xf8, 0x88, 0x80, 0x80, 0x80]),
    Buffer.from(json.slice(-2), 'utf8'),
  ]);
  return [
    { label: 'truncated JSON', body: json.slice(0, Math.floor(json.length / 2)), contentType: J },
    { label: 'empty JSON body', body: '', contentType: J },
    { label: 'JSON null', body: 'null', contentType: J },
    { label: 'a JSON string', body: '"text"', contentType: J },
    { label: 'a JSON number', body: '-1e999', contentType: J },
    { label: 'JSON true', body: 'true', contentType: J },
    { label: 'a JSON array', body: `[${json}]`, contentType: J },
    { label: 'two JSON documents', body: `${json}${json}`, contentType: J },
    { label: 'trailing garbage', body: `${json} xyz`, contentType: J },
    { label: 'single quotes', body: json.replace(/"/g, "'"), contentType: J },
    { label: 'comments and trailing comma', body: `/* c */ ${json.replace(/\}$/, ',}')}`, contentType: J },
    { label: 'arrays nested 50,000 deep', body: deepArrays(50_000), contentType: J },
    { label: 'objects nested 16,000 deep', body: deepObjects(16_000), contentType: J },
    { label: 'a field nested 40,000 deep', body: withField(deepArrays(40_000)), contentType: J },
    { label: 'a field with 100 kB of text', body: withField(JSON.stringify('x'.repeat(100_000))), contentType: J },
    { label: 'a body over the size limit', body: withField(JSON.stringify('y'.repeat(300_000))), contentType: J },
    {
      label: 'ten thousand keys',
      body: `{${Array.from({ length: 10_000 }, (_, i) => `"k${i}":${i}`).join(',')}}`,
      contentType: J,
    },
    { label: 'duplicate keys', body: `{${inner}${inner ? ',' : ''}${inner}}`, contentType: J },
    {
      label: '__proto__ and constructor keys',
      body: withField('1').replace(/^\{/, '{"__proto__":{"polluted":1},"constructor":{"prototype":{"polluted":1}},'),
      contentType: J,
    },
    { label: 'escaped lone surrogates', body: withField('"\\ud800\\udfff\\ud83d"'), contentType: J },
    { label: 'escaped NUL', body: withField('"a\\u0000b"'), contentType: J },
    { label: 'raw control characters in a string', body: withField('"a\u0001\u001f\nb"'), contentType: J },
    { label: 'raw NUL bytes', body: `${json}\u0000\u0000`, contentType: J },
    { label: 'a UTF-8 BOM', body: `\uFEFF${json}`, contentType: J },
    { label: 'invalid UTF-8', body: invalidUtf8, contentType: J },
    { label: 'UTF-16LE declared and sent', body: utf16(json, false, true), contentType: `${J}; charset=utf-16le` },
    { label: 'UTF-16BE sent, nothing declared', body: utf16(json, true, true), contentType: J },
    { label: 'UTF-16 declared, UTF-8 sent', body: json, contentType: `${J}; charset=utf-16` },
    {
      label: 'latin-1 declared',
      body: Buffer.from(json.replace(/:"/, ':"é'), 'latin1'),
      contentType: `${J}; charset=iso-8859-1`,
    },
    { label: 'an unknown charset', body: json, contentType: `${J}; charset=klingon` },
    { label: 'UTF-7 declared', body: json, contentType: `${J}; charset=utf-7` },
    { label: 'an odd JSON media type', body: json, contentType: 'application/vnd.api+json' },
    { label: 'a list of media types', body: json, contentType: `${J}, text/plain` },
    { label: 'upper-case media type', body: json, contentType: 'APPLICATION/JSON; CHARSET=UTF-8' },
    { label: 'JSON sent as text/plain', body: json, contentType: 'text/plain' },
    { label: 'JSON with no content type', body: json, contentType: undefined },
    { label: 'JSON sent as a form', body: json, contentType: F },
    { label: 'JSON sent as XML', body: json, contentType: 'application/xml' },
    { label: 'a form sent as JSON', body: 'a=1&b=2', contentType: J },
    {
      label: 'multipart with a broken boundary',
      body: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--y--',
      contentType: 'multipart/form-data; boundary=x',
    },
    { label: 'a content type with no type', body: json, contentType: '; charset=utf-8' },
    {
      label: 'form keys nested and repeated',
      body: 'a[b][c]=1&a[]=2&a=3&__proto__[x]=1&constructor[prototype][y]=2',
      contentType: F,
    },
    {
      label: 'a form of 1,500 parameters',
      body: Array.from({ length: 1500 }, (_, i) => `p${i}=${i}`).join('&'),
      contentType: F,
    },
    { label: 'a form with broken escapes', body: 'a=%zz&b=%ed%a0%bd&c=%&d=%00&e=%c0%ae', contentType: F },
    {
      label: 'a form in latin-1',
      body: Buffer.from('a=caf\u00e9&b=\u00ff', 'latin1'),
      contentType: `${F}; charset=iso-8859-1`,
    },
    { label: 'a form with an unknown charset', body: 'a=1', contentType: `${F}; charset=klingon` },
    {
      label: 'binary bytes',
      body: Buffer.from(Array.from({ length: 1024 }, (_, i) => (i * 37) % 256)),
      contentType: 'application/octet-stream',
    },
    { label: 'gzip declared, plain sent', body: json, contentType: J, headers: { 'content-encoding': 'gzip' } },
    { label: 'an unknown content encoding', body: json, contentType: J, headers: { 'content-encoding': 'x-klingon' } },
    {
      label: 'brotli declared, garbage sent',
      body: 'not brotli',
      contentType: J,
      headers: { 'content-encoding': 'br' },
    },
    { label: 'gzip of the JSON', body: zlib.gzipSync(json), contentType: J, headers: { 'content-encoding': 'gzip' } },
    { label: 'a gzip bomb', body: gzipBomb(), contentType: J, headers: { 'content-encoding': 'gzip' } },
    {
      label: 'deflate of truncated JSON',
      body: zlib.deflateSync(json.slice(0, 5)),
      contentType: J,
      headers: { 'content-encoding': 'deflate' },
    },
  ];
}
