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
import type { PlaylistType } from '../../../common/validation';
import type { DeviceEntity } from '../device/device.entity';

/**
 * One of a device's playlists. Only the fields of its type are set (see common/validation playlistSchema).
 * Names are unique per device ignoring case: the migration's functional index uq_playlists_device_name, which
 * decorators cannot express (declared here so that TypeORM knows it, and never changes it).
 */
@Entity({ name: 'playlists' })
@Index('ix_playlists_device_created', ['deviceId', 'createdAt'])
@Index('uq_playlists_device_name', { synchronize: false })
@Check('ck_playlists_type', `"type" IN ('general', 'xc', 'code')`)
@Check('ck_playlists_url_length', `char_length("url") <= 8192 AND char_length("epg_url") <= 8192`)
@Check('ck_playlists_protection', `"is_protected" = ("pin_hash" IS NOT NULL)`)
@Check('ck_playlists_locked_groups', `cardinality("locked_groups") <= 500`)
export class PlaylistEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'device_id', type: 'uuid' })
  deviceId: string;

  @ManyToOne('DeviceEntity', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'device_id', foreignKeyConstraintName: 'fk_playlists_device' })
  device?: DeviceEntity;

  @Column({ type: 'varchar', length: 100 })
  name: string;

  @Column({ type: 'varchar', length: 10 })
  type: PlaylistType;

  /** general: the M3U URL; xc: the host URL. */
  @Column({ type: 'text', nullable: true })
  url: string | null;

  @Column({ name: 'epg_url', type: 'text', nullable: true })
  epgUrl: string | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  username: string | null;

  /** The provider's password: the TV needs it to play, so it is kept as given (never a secret of ours). */
  @Column({ type: 'varchar', length: 255, nullable: true })
  password: string | null;

  @Column({ name: 'playlist_code', type: 'varchar', length: 6, nullable: true })
  playlistCode: string | null;

  @Column({ name: 'is_protected', type: 'boolean', default: false })
  isProtected: boolean;

  /** Salted scrypt hash of the playlist's PIN; set exactly when protected. */
  @Column({ name: 'pin_hash', type: 'text', nullable: true })
  pinHash: string | null;

  /**
   * Parental control by category: the groups a TV keeps behind the parent PIN (common/validation.ts
   * lockedGroupsSchema; at most LOCKED_GROUPS_LIMITS.count, which the check constraint repeats).
   */
  @Column({ name: 'locked_groups', type: 'text', array: true, default: () => "'{}'" })
  lockedGroups: string[];

  /**
   * The last check's result (playlist-check/check-result.ts); null until checked. Up to 32 KB: read only by what
   * shows it (PlaylistService's `lastCheck` option, `lastCheckOf`), never with the playlist itself, so the TV's
   * start-up and lists that omit it never load it. Undefined when not read.
   */
  @Column({ name: 'last_check', type: 'jsonb', nullable: true, select: false })
  lastCheck?: unknown;

  @Column({ name: 'last_checked_at', type: 'timestamptz', nullable: true })
  lastCheckedAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
