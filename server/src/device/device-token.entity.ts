import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import type { DeviceEntity } from './device.entity';

/** A TV app's bearer token. Only its SHA-256 is kept; revoked tokens stay for the audit trail. */
@Entity({ name: 'device_tokens' })
@Index('uq_device_tokens_token_hash', ['tokenHash'], { unique: true })
@Index('ix_device_tokens_device_id', ['deviceId'])
export class DeviceTokenEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'device_id', type: 'uuid' })
  deviceId: string;

  @ManyToOne('DeviceEntity', (device: DeviceEntity) => device.tokens, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'device_id', foreignKeyConstraintName: 'fk_device_tokens_device' })
  device?: DeviceEntity;

  @Column({ name: 'token_hash', type: 'char', length: 64 })
  tokenHash: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true })
  revokedAt: Date | null;

  @Column({ name: 'last_used_at', type: 'timestamptz', nullable: true })
  lastUsedAt: Date | null;
}
