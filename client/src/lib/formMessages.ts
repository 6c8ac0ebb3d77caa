import type { FieldValues, Resolver, ResolverResult } from 'react-hook-form';

type Translate = (english: string) => string;

/** A form's errors with each message in the page's language (nested fields too; `ref`s left alone). */
function translateErrors(errors: Record<string, unknown>, translate: Translate): Record<string, unknown> {
  const translated: Record<string, unknown> = {};
  for (const [name, error] of Object.entries(errors)) {
    if (!error || typeof error !== 'object') {
      translated[name] = error;
      continue;
    }
    const { message, ref, ...rest } = error as { message?: unknown; ref?: unknown } & Record<string, unknown>;
    translated[name] = {
      ...translateErrors(rest, translate),
      ...(ref === undefined ? {} : { ref }),
      ...(typeof message === 'string' ? { message: translate(message) } : message === undefined ? {} : { message }),
    };
  }
  return translated;
}

/**
 * A form's rules (common/validation.ts, shared with the server) whose messages arrive as their English: their
 * errors said in the page's language (`useLocale().text`), wherever the form shows them.
 */
export function translatedResolver<Input extends FieldValues, Context, Output>(
  resolver: Resolver<Input, Context, Output>,
  translate: Translate,
): Resolver<Input, Context, Output> {
  return async (values, context, options) => {
    const result = await resolver(values, context, options);
    if (!Object.keys(result.errors).length) return result;
    return { ...result, errors: translateErrors(result.errors, translate) } as ResolverResult<Input, Output>;
  };
}
