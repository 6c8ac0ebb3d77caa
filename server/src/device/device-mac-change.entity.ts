import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import type { DeviceEntity } from './device.entity';

/** One MAC switch, kept for support: which record moved where, and what it absorbed. */
@Entity({ name: 'device_mac_changes' })
@Index('ix_device_mac_changes_device', ['deviceId', 'createdAt'])
// Support's lookup of a TV by the MAC it had before a switch (DeviceService.findByAnyMac), the latest first.
@Index('ix_device_mac_changes_from_mac', ['fromMac', 'createdAt'])
export class DeviceMacChangeEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'device_id', type: 'uuid' })
  deviceId: string;

  @ManyToOne('DeviceEntity', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'device_id', foreignKeyConstraintName: 'fk_device_mac_changes_device' })
  device?: DeviceEntity;

  @Column({ name: 'from_mac', type: 'varchar', length: 17 })
  fromMac: string;

  @Column({ name: 'to_mac', type: 'varchar', length: 17 })
  toMac: string;

  /** The record that held the new MAC before, now merged into this device (its id, for the audit trail). */
  @Column({ name: 'replaced_device_id', type: 'uuid', nullable: true })
  replacedDeviceId: string | null;

  @Column({ name: 'moved_playlists', type: 'integer', default: 0 })
  movedPlaylists: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
