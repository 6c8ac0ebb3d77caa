import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * Portal sessions, written by connect-pg-simple (its column names). Declared here so the schema is owned by
 * migrations and so services can end a device's other sessions.
 */
@Entity({ name: 'sessions' })
@Index('ix_sessions_expire', ['expire'])
export class SessionEntity {
  @PrimaryColumn({ type: 'varchar', length: 255 })
  sid: string;

  @Column({ type: 'json' })
  sess: Record<string, unknown>;

  @Column({ type: 'timestamptz' })
  expire: Date;
}
