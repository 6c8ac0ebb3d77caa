import type { DataSource } from 'typeorm';
import { UUID } from '../db/constraints';
import { ActivationEntity } from './activation.entity';

/** One provider delivery (or reconciliation, or operator action) of the audit trail, without its payload. */
export interface TrailEvent {
  createdAt: Date;
  provider: string;
  kind: string;
  outcome: string;
  eventId: string | null;
  /** The MAC address the payment was made for (as it was then; Switch MAC keeps the old one here). */
  macAddress: string | null;
}

const EVENT_COLUMNS = `e.created_at AS "createdAt", e.provider, e.kind, e.outcome, e.event_id AS "eventId",
                       a.mac_address AS "macAddress"`;

/** One dispute a provider opened about a payment, and where it stands. */
export interface TrailDispute {
  disputeId: string;
  state: 'open' | 'won' | 'lost';
  openedAt: Date;
  decidedAt: Date | null;
}

/**
 * The licence as a payment left it when it was applied (`payments.licence_before`, `licence_after`, `lifetime`): an
 * audit copy, written once and never moved. When an earlier payment's days come off later, the licence end the
 * payment shows now (the activation's `licence_expires_at`, which Account Details shows) moves back; this does not.
 */
export interface AppliedAs {
  licenceBefore: Date | null;
  licenceAfter: Date | null;
  lifetime: boolean;
}

/**
 * What support reads of payments (`npm run device -- payments | events | refund`): a device's payments, oldest
 * first, and the audit trail the ledger writes (payment_events). Reads only: every change goes through the ledger.
 * The payer's details and the providers' payloads stay in the database.
 */
export class PaymentTrail {
  constructor(private readonly dataSource: DataSource) {}

  /** One payment by its reference (the activation's id); null when there is none. */
  async payment(reference: string): Promise<ActivationEntity | null> {
    if (!UUID.test(reference)) return null;
    return this.dataSource.getRepository(ActivationEntity).findOneBy({ id: reference });
  }

  /** What the payment did to the licence when it was applied, as recorded then; null when nothing was paid. */
  async appliedAs(reference: string): Promise<AppliedAs | null> {
    if (!UUID.test(reference)) return null;
    const [row] = (await this.dataSource.query(
      `SELECT licence_before AS "licenceBefore", licence_after AS "licenceAfter", lifetime FROM payments
        WHERE activation_id = $1 ORDER BY created_at LIMIT 1`,
      [reference],
    )) as AppliedAs[];
    return row ?? null;
  }

  /** Every payment and attempt of a device, oldest first. */
  paymentsOf(deviceId: string): Promise<ActivationEntity[]> {
    return this.dataSource
      .getRepository(ActivationEntity)
      .find({ where: { deviceId }, order: { createdAt: 'ASC', id: 'ASC' } });
  }

  /** The latest `limit` deliveries of every provider, refused ones included, oldest of them first. */
  async latestEvents(limit: number): Promise<TrailEvent[]> {
    const rows = (await this.dataSource.query(
      `SELECT ${EVENT_COLUMNS} FROM payment_events e LEFT JOIN activations a ON a.id = e.activation_id
        ORDER BY e.id DESC LIMIT $1`,
      [limit],
    )) as TrailEvent[];
    return rows.reverse();
  }

  /** Every event of one payment, in the order they came. */
  eventsOf(reference: string): Promise<TrailEvent[]> {
    return this.dataSource.query(
      `SELECT ${EVENT_COLUMNS} FROM payment_events e LEFT JOIN activations a ON a.id = e.activation_id
        WHERE e.activation_id = $1 ORDER BY e.id`,
      [reference],
    ) as Promise<TrailEvent[]>;
  }

  /** Each dispute about one payment, oldest first: the payment's row shows only the latest. */
  disputesOf(reference: string): Promise<TrailDispute[]> {
    return this.dataSource.query(
      `SELECT dispute_id AS "disputeId", state, opened_at AS "openedAt", decided_at AS "decidedAt"
         FROM payment_disputes WHERE activation_id = $1 ORDER BY opened_at, id`,
      [reference],
    ) as Promise<TrailDispute[]>;
  }
}
