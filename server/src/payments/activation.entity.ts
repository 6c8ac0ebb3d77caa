import {
  Check,
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';
import type { DeviceEntity } from '../device/device.entity';
import type { CheckoutMethod } from '../../../common/payment';

export type PaymentProviderName = CheckoutMethod | 'paypal';

/** A dispute or inquiry about a paid payment: open (nothing taken yet), lost (the money went), won (it stayed). */
export type DisputeValue = 'open' | 'won' | 'lost';

/**
 * pending → paid, failed, cancelled or partial (some money arrived, not all); paid → refunded or reversed (the
 * money went back and the days it added were taken back).
 */
export type ActivationStatusValue = 'pending' | 'paid' | 'failed' | 'cancelled' | 'partial' | 'refunded' | 'reversed';

/** What arrived of a payment that fell short, in the currency the buyer paid with (a coin for crypto). */
export interface PartialPaymentValue {
  received: string;
  expected: string;
  currency: string;
}

/**
 * One attempt to pay for a device's licence: created pending when the owner starts a checkout, paid when the
 * provider's confirmation is applied. Its id is the merchant reference every provider sees.
 */
@Entity({ name: 'activations' })
@Index('ix_activations_device_created', ['deviceId', 'createdAt'])
// Pruning finds old checkouts that never took money.
@Index('ix_activations_created_at', ['createdAt'])
// Exactly once per confirmed payment: one activation per provider reference.
@Index('uq_activations_provider_reference', ['method', 'providerReference'], { unique: true })
// A card checkout found by its link (the migration's expression index, which decorators cannot express).
@Index('ix_activations_card_checkout_link', { synchronize: false })
// The open checkouts reconciliation looks through (the migration's partial index).
@Index('ix_activations_reconcile', { synchronize: false })
@Check('ck_activations_method', `"method" IN ('opay', 'opay1', 'cowpay', 'crypto', 'paypal')`)
@Check(
  'ck_activations_status',
  `"status" IN ('pending', 'paid', 'failed', 'cancelled', 'partial', 'refunded', 'reversed')`,
)
@Check('ck_activations_amount', `"amount_minor" > 0`)
@Check('ck_activations_dispute', `"dispute" IS NULL OR "dispute" IN ('open', 'won', 'lost')`)
export class ActivationEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'device_id', type: 'uuid' })
  deviceId: string;

  /** Payment history is never lost: a device with payments cannot be deleted (Switch MAC moves them). */
  @ManyToOne('DeviceEntity', { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'device_id', foreignKeyConstraintName: 'fk_activations_device' })
  device?: DeviceEntity;

  /** The MAC address when the checkout started, for support (the device may switch MAC later). */
  @Column({ name: 'mac_address', type: 'varchar', length: 17 })
  macAddress: string;

  @Column({ type: 'varchar', length: 10 })
  method: PaymentProviderName;

  @Column({ type: 'varchar', length: 10, default: 'pending' })
  status: ActivationStatusValue;

  /** In the currency's minor unit (ISO 4217: cents for EUR, yen for JPY, fils for KWD). */
  @Column({ name: 'amount_minor', type: 'integer' })
  amountMinor: number;

  @Column({ type: 'char', length: 3 })
  currency: string;

  /** What the payment adds to the licence; null for a lifetime licence. */
  @Column({ name: 'licence_days', type: 'integer', nullable: true })
  licenceDays: number | null;

  /** The provider's id for the checkout (order, invoice, intention); unique per provider. */
  @Column({ name: 'provider_reference', type: 'varchar', length: 200, nullable: true })
  providerReference: string | null;

  @Column({ name: 'checkout_url', type: 'text', nullable: true })
  checkoutUrl: string | null;

  @Column({ type: 'boolean', default: false })
  sandbox: boolean;

  @Column({ name: 'first_name', type: 'varchar', length: 17, nullable: true })
  firstName: string | null;

  @Column({ name: 'last_name', type: 'varchar', length: 17, nullable: true })
  lastName: string | null;

  @Column({ type: 'varchar', length: 254, nullable: true })
  email: string | null;

  @Column({ name: 'phone_number', type: 'varchar', length: 20, nullable: true })
  phoneNumber: string | null;

  @Column({ name: 'coin_type', type: 'varchar', length: 15, nullable: true })
  coinType: string | null;

  /** Why it failed, for support (the provider's words where there are some). */
  @Column({ name: 'failure_reason', type: 'text', nullable: true })
  failureReason: string | null;

  @Column({ name: 'paid_at', type: 'timestamptz', nullable: true })
  paidAt: Date | null;

  /** The licence's end right after this payment was applied (null for lifetime or unpaid). */
  @Column({ name: 'licence_expires_at', type: 'timestamptz', nullable: true })
  licenceExpiresAt: Date | null;

  /** For a partial payment: what arrived and what was asked. */
  @Column({ name: 'partial_payment', type: 'jsonb', nullable: true })
  partialPayment: PartialPaymentValue | null;

  /** For a refunded or reversed payment: when its money went back and the licence was shortened. */
  @Column({ name: 'taken_back_at', type: 'timestamptz', nullable: true })
  takenBackAt: Date | null;

  /** Money that went back so far (refunds, reversals, disputes lost), in minor units; 0 when none. */
  @Column({ name: 'refunded_minor', type: 'integer', default: 0 })
  refundedMinor: number;

  /** A dispute or inquiry about the payment, and where it stands; null when there was none. */
  @Column({ type: 'varchar', length: 10, nullable: true })
  dispute: DisputeValue | null;

  @Column({ name: 'disputed_at', type: 'timestamptz', nullable: true })
  disputedAt: Date | null;
  /** How often reconciliation asked the provider about this checkout. */
  @Column({ name: 'reconcile_attempts', type: 'integer', default: 0 })
  reconcileAttempts: number;

  /** When reconciliation asks next (null: as soon as the checkout is old enough; 'infinity': never again). */
  @Column({ name: 'reconcile_next_at', type: 'timestamptz', nullable: true })
  reconcileNextAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
