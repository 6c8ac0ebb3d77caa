import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * A message from the contact page. Stored before anything else happens, so it is never lost; forwarded by
 * e-mail afterwards (an outbox: `forwarded_at` is set once the SMTP server accepted it).
 */
@Entity({ name: 'contact_messages' })
@Index('ix_contact_messages_pending', ['nextAttemptAt'], { where: 'forwarded_at IS NULL' })
@Index('ix_contact_messages_created_at', ['createdAt'])
export class ContactMessageEntity {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'pk_contact_messages' })
  id: string;

  @Column({ type: 'text' })
  name: string;

  @Column({ type: 'text' })
  email: string;

  @Column({ type: 'text' })
  subject: string;

  @Column({ type: 'text' })
  message: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'forwarded_at', type: 'timestamptz', nullable: true })
  forwardedAt: Date | null;

  @Column({ name: 'forward_attempts', type: 'integer', default: 0 })
  forwardAttempts: number;

  /** When the next forward may be tried; also a lease while one instance is sending it. */
  @Column({ name: 'next_attempt_at', type: 'timestamptz', default: () => 'now()' })
  nextAttemptAt: Date;

  @Column({ name: 'last_error', type: 'text', nullable: true })
  lastError: string | null;
}
