import express, { type Request, type Response, type Router } from 'express';
import type { ContactInput } from '../../../common/validation';
import { clientIp } from '../auth/authenticate';
import { DomainError } from '../common/errors';
import { sendDomainError } from '../http/errors';
import type { ContactService } from './contact.service';
import { CONTACT_THANKS } from './contact.service';
import { sayTo } from '../i18n/localizer';

/**
 * The contact fields from the query string or the body, as sent: cast to what the service takes, which validates
 * them (a repeated query parameter, an array, is not a text).
 */
function pick(source: unknown): ContactInput {
  const record =
    source && typeof source === 'object' && !Array.isArray(source) ? (source as Record<string, unknown>) : {};
  return { name: record.name, email: record.email, subject: record.subject, message: record.message } as ContactInput;
}

/**
 * GET /frontend/sendUserQuestion with the fields as query parameters (the spec's call), and POST with a JSON or
 * form body. 200 once the message is stored.
 */
export function contactRestRouter(services: { contact: ContactService }): Router {
  const router = express.Router();
  const handle = async (req: Request, res: Response, input: ContactInput) => {
    try {
      await services.contact.submit(input, clientIp(req));
      res.json({ status: 'success', message: sayTo(req, CONTACT_THANKS) });
    } catch (err) {
      if (err instanceof DomainError) return sendDomainError(res, err);
      throw err;
    }
  };
  router.get('/sendUserQuestion', (req, res) => handle(req, res, pick(req.query)));
  router.post('/sendUserQuestion', (req, res) => handle(req, res, pick(req.body)));
  return router;
}
