import { useLocale } from '../i18n/LocaleProvider';

/**
 * A field's validation message, linked to its input through `aria-describedby={id}`. The message arrives as its
 * English (common/messages.ts, a server's answer) and is shown in the page's language.
 */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  const { text } = useLocale();
  if (!message) return null;
  return (
    <p id={id} className="field-error">
      {text(message)}
    </p>
  );
}
