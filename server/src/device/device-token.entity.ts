import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import type { DeviceEntity } from './device.entity';

/**
 * A TV app's bearer token: one TV signed in to the device. Only its SHA-256 is kept; revoked tokens stay for the
 * audit trail.
 */
@Entity({ name: 'device_tokens' })
@Index('uq_device_tokens_token_hash', ['tokenHash'], { unique: true })
@Index('ix_device_tokens_device_id', ['deviceId'])
@Index('ix_device_tokens_last_used', ['lastUsedAt'])
@Index('ix_device_tokens_revoked', ['revokedAt'], { where: '"revoked_at" IS NOT NULL' })
export class DeviceTokenEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'device_id', type: 'uuid' })
  deviceId: string;

  @ManyToOne('DeviceEntity', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'device_id', foreignKeyConstraintName: 'fk_device_tokens_device' })
  device?: DeviceEntity;

  @Column({ name: 'token_hash', type: 'char', length: 64 })
  tokenHash: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true })
  revokedAt: Date | null;

  /**
   * When the token was last used, to within a day (DeviceTokenService writes it at most once a day per token):
   * a token unused for DEVICE_TOKEN_IDLE_DAYS has expired.
   */
  @Column({ name: 'last_used_at', type: 'timestamptz', default: () => 'now()' })
  lastUsedAt: Date;

  /** The TV holding the token: its model as reported at registration. */
  @Column({ type: 'varchar', length: 100, nullable: true })
  model: string | null;

  /** The app version the TV last reported (registerDevice, reportAppVersion). */
  @Column({ name: 'app_version', type: 'varchar', length: 40, nullable: true })
  appVersion: string | null;

  /** When the TV holding the token signed in: a renewed token keeps its predecessor's. */
  @Column({ name: 'signed_in_at', type: 'timestamptz', default: () => 'now()' })
  signedInAt: Date;
}
