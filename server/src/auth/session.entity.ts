import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * Portal sessions, written by connect-pg-simple (its column names). Declared here so the schema is owned by
 * migrations and so services can end a device's other sessions.
 */
@Entity({ name: 'sessions' })
@Index('ix_sessions_expire', ['expire'])
// A device's sessions, by the device id inside the session (ended on a new key or a MAC switch): an expression
// index the migration makes, which decorators cannot express.
@Index('ix_sessions_device_id', { synchronize: false })
export class SessionEntity {
  @PrimaryColumn({ type: 'varchar', length: 255 })
  sid: string;

  @Column({ type: 'json' })
  sess: Record<string, unknown>;

  @Column({ type: 'timestamptz' })
  expire: Date;
}
