// Entities' decorators need the metadata polyfill before they are evaluated.
import 'reflect-metadata';
import { openDatabaseWith, type Database } from './db/database';
import { CaptchaChallengeEntity } from './captcha/captcha.entity';
import { ContactMessageEntity } from './contact/contact-message.entity';
import { SessionEntity } from './auth/session.entity';
import { DeviceTokenEntity } from './device/device-token.entity';
import { DeviceEntity } from './device/device.entity';
import { Foundation1763700000000 } from './migrations/1763700000000-Foundation';
import { ContactMessages1763800000000 } from './migrations/1763800000000-ContactMessages';
import { Playlists1763900000000 } from './migrations/1763900000000-Playlists';
import { Payments1764000000000 } from './migrations/1764000000000-Payments';
import { PlaylistChecks1764100000000 } from './migrations/1764100000000-PlaylistChecks';
import { PlaylistCount1764200000000 } from './migrations/1764200000000-PlaylistCount';
import { TokenLifecycle1764300000000 } from './migrations/1764300000000-TokenLifecycle';
import { TvLinks1764400000000 } from './migrations/1764400000000-TvLinks';
import { TvLinkRequester1764500000000 } from './migrations/1764500000000-TvLinkRequester';
import { MoneyBack1764600000000 } from './migrations/1764600000000-MoneyBack';
import { CardCheckoutLink1764700000000 } from './migrations/1764700000000-CardCheckoutLink';
import { RefundsAndDisputes1765000000000 } from './migrations/1765000000000-RefundsAndDisputes';
import { Reconcile1765100000000 } from './migrations/1765100000000-Reconcile';
import { TvLinkOrigin1765200000000 } from './migrations/1765200000000-TvLinkOrigin';
import { ForeignKeyIndexes1765300000000 } from './migrations/1765300000000-ForeignKeyIndexes';
import { ScheduledJobs1765400000000 } from './migrations/1765400000000-ScheduledJobs';
import { DisputesEach1765500000000 } from './migrations/1765500000000-DisputesEach';
import { CheckClaims1765700000000 } from './migrations/1765700000000-CheckClaims';
import { PlaylistLockedGroups1765800000000 } from './migrations/1765800000000-PlaylistLockedGroups';
import { FormChecks1765900000000 } from './migrations/1765900000000-FormChecks';
import { DeviceMacChangesFromMac1766000000000 } from './migrations/1766000000000-DeviceMacChangesFromMac';
import { ActivationEntity } from './payments/activation.entity';
import { PlaylistEntity } from './playlist/playlist.entity';
import { DeviceMacChangeEntity } from './device/device-mac-change.entity';
import { TvLinkEntity } from './device/tv-link.entity';

/**
 * This product's tables: every entity, and every migration in the order they run. A new table's entity and its
 * migration are added here (docs/architecture.md, "Adding a table").
 */
export const entities = [
  DeviceEntity,
  DeviceTokenEntity,
  CaptchaChallengeEntity,
  SessionEntity,
  ContactMessageEntity,
  PlaylistEntity,
  DeviceMacChangeEntity,
  ActivationEntity,
  TvLinkEntity,
];
export const migrations = [
  Foundation1763700000000,
  ContactMessages1763800000000,
  Playlists1763900000000,
  Payments1764000000000,
  PlaylistChecks1764100000000,
  PlaylistCount1764200000000,
  TokenLifecycle1764300000000,
  TvLinks1764400000000,
  TvLinkRequester1764500000000,
  MoneyBack1764600000000,
  CardCheckoutLink1764700000000,
  RefundsAndDisputes1765000000000,
  Reconcile1765100000000,
  TvLinkOrigin1765200000000,
  ForeignKeyIndexes1765300000000,
  ScheduledJobs1765400000000,
  DisputesEach1765500000000,
  CheckClaims1765700000000,
  PlaylistLockedGroups1765800000000,
  FormChecks1765900000000,
  DeviceMacChangesFromMac1766000000000,
];

/** Opens the product's database (DATABASE_URL's, or the embedded engine) with its schema brought up to date. */
export function openDatabase(options: Parameters<typeof openDatabaseWith>[1]): Promise<Database> {
  return openDatabaseWith({ entities, migrations }, options);
}

export type { Database };
