import type { ComponentPropsWithRef, ReactNode } from 'react';
import { FieldError } from './FieldError';
import '../styles/forms.css';

/** The ARIA wiring that ties an input to its error message, and to its hint when it has one (error first). */
export function errorProps(id: string, error: string | undefined, hasHint = false) {
  const described = [error ? `${id}-error` : null, hasHint ? `${id}-hint` : null].filter(Boolean).join(' ');
  return {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': described || undefined,
  } as const;
}

/** A labelled form field with its validation message; the input (or other control) is its child. */
export function Field({
  id,
  label,
  error,
  hint,
  children,
}: {
  id: string;
  label: ReactNode;
  error: string | undefined;
  /** A short help text under the input (tie it to the input with `errorProps(id, error, true)`). */
  hint?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      )}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

export interface TextFieldProps extends Omit<ComponentPropsWithRef<'input'>, 'id'> {
  id: string;
  label: ReactNode;
  error: string | undefined;
  /** A button inside the field's right edge, such as Show/Hide. */
  action?: ReactNode;
  /** A short help text under the input, read out with it. */
  hint?: ReactNode;
}

/** A right-to-left letter (Hebrew, Arabic, Syriac, Thaana…, and their presentation forms). */
const RTL_LETTER = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFC]/;

/**
 * A labelled text input with its message. Works with react-hook-form's `register()` (name, ref, onChange,
 * onBlur) or as a controlled input.
 */
export function TextField({ id, label, error, action, hint, ...inputProps }: TextFieldProps) {
  // A field typed left to right (a key, a PIN) whose hint is in a right-to-left language ('6 أرقام'): the hint
  // reads and sits right to left while it shows (forms.css), what is typed left to right.
  const rtlHint =
    inputProps.dir === 'ltr' && typeof inputProps.placeholder === 'string' && RTL_LETTER.test(inputProps.placeholder);
  const className = rtlHint
    ? [inputProps.className, 'field__input--rtl-hint'].filter(Boolean).join(' ')
    : inputProps.className;
  const input = <input id={id} {...errorProps(id, error, Boolean(hint))} {...inputProps} className={className} />;
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      {action ? (
        <div className="field__with-action">
          {input}
          {action}
        </div>
      ) : (
        input
      )}
    </Field>
  );
}
