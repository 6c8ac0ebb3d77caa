import type { z } from 'zod';
import { DomainError } from './errors';

/**
 * Parses input with a shared schema. On failure throws BAD_USER_INPUT carrying the first message of each
 * field, so both transports answer with the same exact texts as the client forms.
 */
export function validate<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const fieldErrors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.length ? issue.path.join('.') : 'input';
    fieldErrors[field] ??= issue.message;
  }
  throw new DomainError('BAD_USER_INPUT', [...new Set(Object.values(fieldErrors))].join(' '), fieldErrors);
}
