import type { DataSource } from 'typeorm';
import { contactSchema, type ContactInput } from '../../../common/validation';
import { messages } from '../../../common/messages';
import { validate } from '../common/validate';
import type { RateLimits } from '../auth/rate-limits';
import type { ContactForwarder } from './contact-forwarder';
import { ContactMessageEntity } from './contact-message.entity';

export const CONTACT_THANKS = messages.contact.success;

export class ContactService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly rateLimits: RateLimits,
    private readonly forwarder: ContactForwarder | undefined,
  ) {}

  /**
   * Stores a contact message (validated with the contact form's own rules) and starts forwarding it. The answer
   * does not wait for e-mail: once stored, the message is safe.
   */
  async submit(input: ContactInput, clientIp: string): Promise<ContactMessageEntity> {
    const values = validate(contactSchema, input);
    await this.rateLimits.countContactMessage(clientIp);
    const saved = await this.dataSource.getRepository(ContactMessageEntity).save(values);
    this.forwarder?.kick();
    return saved;
  }
}
