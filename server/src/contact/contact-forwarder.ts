import nodemailer, { type Transporter } from 'nodemailer';
import type { DataSource } from 'typeorm';
import { returningRows } from '../db/query';
import type { Logger } from '../logger';

interface PendingMessage {
  id: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  created_at: Date;
  forward_attempts: number;
}

const BATCH = 10;
// While one instance sends a message, the others leave it alone for this long.
const LEASE = '2 minutes';
const MAX_BACKOFF_MINUTES = 6 * 60;

/** Minutes to wait after the given number of failed attempts: 1, 2, 4, ... up to 6 hours. */
export function backoffMinutes(attempts: number): number {
  return Math.min(2 ** Math.max(attempts - 1, 0), MAX_BACKOFF_MINUTES);
}

/** A header value cannot carry line breaks (header injection); nodemailer encodes the rest. */
function oneLine(value: string, max = 200): string {
  return value.replace(/[\r\n\u2028\u2029]+/g, ' ').slice(0, max);
}

/**
 * Forwards stored contact messages to the team by e-mail. Messages are claimed with FOR UPDATE SKIP LOCKED in a
 * single statement, so several instances never send the same one and no transaction stays open while the SMTP
 * server is talked to; a failure leaves the message stored with its error and a later retry time.
 */
export class ContactForwarder {
  private running: Promise<number> | undefined;
  private rerun = false;
  private readonly transport: Transporter;

  constructor(
    private readonly dataSource: DataSource,
    smtpUrl: string,
    private readonly options: { from: string; to: string; productName: string },
    private readonly logger: Logger,
  ) {
    this.transport = nodemailer.createTransport({ url: smtpUrl, connectionTimeout: 10_000, socketTimeout: 20_000 });
  }

  // Retries (messages whose forward failed, and those of instances that stopped) are the `contact-forward` job of
  // the one scheduler (maintenance/scheduled-jobs.ts), which calls run().

  stop(): void {
    this.transport.close();
  }

  /** Starts a forwarding pass in the background (used right after a message is stored). */
  kick(): void {
    this.run().catch((err: unknown) => this.logger.warn({ err }, 'contact forwarding pass failed'));
  }

  /**
   * Forwards every message that is due; returns how many went through. One pass at a time per process; a call
   * during a pass makes it go round once more, so a message stored meanwhile is not left for the timer.
   */
  run(): Promise<number> {
    if (this.running) {
      this.rerun = true;
      return this.running;
    }
    this.running = (async () => {
      let sent = 0;
      do {
        this.rerun = false;
        sent += await this.forwardDue();
      } while (this.rerun);
      return sent;
    })().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private async forwardDue(): Promise<number> {
    let sent = 0;
    for (;;) {
      const batch = await returningRows<PendingMessage>(
        this.dataSource,
        `UPDATE contact_messages
            SET next_attempt_at = now() + interval '${LEASE}', forward_attempts = forward_attempts + 1
          WHERE id IN (SELECT id FROM contact_messages
                        WHERE forwarded_at IS NULL AND next_attempt_at <= now()
                        ORDER BY created_at LIMIT ${BATCH} FOR UPDATE SKIP LOCKED)
          RETURNING id, name, email, subject, message, created_at, forward_attempts`,
        [],
      );
      if (batch.length === 0) return sent;
      for (const message of batch) {
        if (await this.forward(message)) sent += 1;
      }
      if (batch.length < BATCH) return sent;
    }
  }

  private async forward(message: PendingMessage): Promise<boolean> {
    try {
      await this.transport.sendMail({
        from: this.options.from,
        to: this.options.to,
        replyTo: { name: oneLine(message.name, 100), address: message.email },
        subject: `[${this.options.productName} contact] ${oneLine(message.subject)}`,
        // Plain text only: what a visitor typed is never rendered as HTML.
        text: [
          `From: ${message.name} <${message.email}>`,
          `Sent: ${message.created_at.toISOString()}`,
          `Subject: ${oneLine(message.subject, 1000)}`,
          '',
          message.message,
        ].join('\n'),
      });
      await this.dataSource.query(`UPDATE contact_messages SET forwarded_at = now(), last_error = NULL WHERE id = $1`, [
        message.id,
      ]);
      return true;
    } catch (err) {
      const minutes = backoffMinutes(message.forward_attempts);
      const reason = err instanceof Error ? err.message.slice(0, 500) : String(err);
      this.logger.warn(
        { contactMessageId: message.id, attempts: message.forward_attempts, retryInMinutes: minutes, reason },
        'contact message not forwarded yet',
      );
      await this.dataSource.query(
        `UPDATE contact_messages SET next_attempt_at = now() + make_interval(mins => $2), last_error = $3 WHERE id = $1`,
        [message.id, minutes, reason],
      );
      return false;
    }
  }
}
