import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

/** One captcha picture waiting for its answer. Deleted when answered (single use) or expired. */
@Entity({ name: 'captcha_challenges' })
@Index('ix_captcha_challenges_expires_at', ['expiresAt'])
export class CaptchaChallengeEntity {
  /** The token handed to the client with the picture. */
  @PrimaryColumn({ type: 'uuid' })
  id: string;

  /** SHA-256 of the upper-cased answer. */
  @Column({ name: 'answer_hash', type: 'char', length: 64 })
  answerHash: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt: Date;
}
