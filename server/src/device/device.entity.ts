import { Check, Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** A TV running the app. Secrets are stored only as salted hashes. */
@Entity({ name: 'devices' })
@Index('uq_devices_mac_address', ['macAddress'], { unique: true })
@Index('ix_devices_updated_at', ['updatedAt'])
@Check('ck_devices_mac_address', `"mac_address" ~ '^[0-9a-f]{2}(:[0-9a-f]{2}){5}$'`)
export class DeviceEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  /** Lower-case, colon-separated (see common/validation normalizeMac). */
  @Column({ name: 'mac_address', type: 'varchar', length: 17 })
  macAddress: string;

  @Column({ name: 'device_key_hash', type: 'text' })
  deviceKeyHash: string;

  @Column({ name: 'parent_pin_hash', type: 'text', nullable: true })
  parentPinHash: string | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  model: string | null;

  @Column({ name: 'app_version', type: 'varchar', length: 40, nullable: true })
  appVersion: string | null;

  /** End of the paid licence; null when never activated. */
  @Column({ name: 'licence_expires_at', type: 'timestamptz', nullable: true })
  licenceExpiresAt: Date | null;

  @Column({ name: 'licence_lifetime', type: 'boolean', default: false })
  licenceLifetime: boolean;

  /** Bumped by a trigger on every change to the device's playlists; the key of cached playlist lists. */
  @Column({ name: 'playlists_version', type: 'integer', default: 0 })
  playlistsVersion: number;

  /**
   * How many playlists the device has, kept by the same trigger: adding a playlist holds the per-device limit
   * in one statement that reads it (playlist.service.ts create).
   */
  @Column({ name: 'playlist_count', type: 'integer', default: 0 })
  playlistCount: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
