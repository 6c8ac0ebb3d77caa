import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import type { DeviceEntity } from './device.entity';

/** Where a link request stands: PENDING until the owner answers, then APPROVED or REFUSED; CONSUMED once collected. */
export type TvLinkState = 'PENDING' | 'APPROVED' | 'REFUSED' | 'CONSUMED';

/**
 * A TV's request to be linked to a device by a code the owner approves on the portal (RFC 8628's device
 * authorization grant). Only the poll handle's SHA-256 is kept; the code is single-use and short-lived.
 */
@Entity({ name: 'tv_links' })
@Index('uq_tv_links_code', ['code'], { unique: true })
@Index('uq_tv_links_poll_handle_hash', ['pollHandleHash'], { unique: true })
@Index('ix_tv_links_expires_at', ['expiresAt'])
@Index('ix_tv_links_device_id', ['deviceId'])
@Index('ix_tv_links_requester_device_id', ['requesterDeviceId'])
export class TvLinkEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  /** The 8 letters, without the dash. */
  @Column({ type: 'char', length: 8 })
  code: string;

  @Column({ name: 'poll_handle_hash', type: 'char', length: 64 })
  pollHandleHash: string;

  /** The MAC address, model and app version the TV reported. */
  @Column({ name: 'mac_address', type: 'varchar', length: 17 })
  macAddress: string;

  @Column({ type: 'varchar', length: 100, nullable: true })
  model: string | null;

  @Column({ name: 'app_version', type: 'varchar', length: 40, nullable: true })
  appVersion: string | null;

  @Column({ type: 'varchar', length: 10, default: 'PENDING' })
  state: TvLinkState;

  /** The device that approved the link (set with APPROVED). */
  @Column({ name: 'device_id', type: 'uuid', nullable: true })
  deviceId: string | null;

  @ManyToOne('DeviceEntity', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'device_id', foreignKeyConstraintName: 'fk_tv_links_device' })
  device?: DeviceEntity;

  /**
   * The device whose TV token asked for the link, if one did: proof that the TV holds that MAC address's record,
   * so the owner may switch onto it by approving.
   */
  @Column({ name: 'requester_device_id', type: 'uuid', nullable: true })
  requesterDeviceId: string | null;

  @ManyToOne('DeviceEntity', { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'requester_device_id', foreignKeyConstraintName: 'fk_tv_links_requester_device' })
  requesterDevice?: DeviceEntity;

  /** The network address the TV asked from (IPv4 or IPv6), shown to the owner; null for older requests. */
  @Column({ name: 'requested_from', type: 'varchar', length: 45, nullable: true })
  requestedFrom: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt: Date;

  /** Seconds the TV must wait between polls; 5 more after each poll that came too soon (RFC 8628 slow_down). */
  @Column({ name: 'interval_seconds', type: 'integer' })
  intervalSeconds: number;

  @Column({ name: 'last_polled_at', type: 'timestamptz', nullable: true })
  lastPolledAt: Date | null;
}
