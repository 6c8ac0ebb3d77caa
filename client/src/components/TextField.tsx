import type { ComponentPropsWithRef, ReactNode } from 'react';
import { FieldError } from './FieldError';
import '../styles/forms.css';

/** The ARIA wiring that ties an input to its error message. */
export function errorProps(id: string, error: string | undefined) {
  return {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : undefined,
  } as const;
}

/** A labelled form field with its validation message; the input (or other control) is its child. */
export function Field({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: ReactNode;
  error: string | undefined;
  children: ReactNode;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children}
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
}

/**
 * A labelled text input with its message. Works with react-hook-form's `register()` (name, ref, onChange,
 * onBlur) or as a controlled input.
 */
export function TextField({ id, label, error, action, ...inputProps }: TextFieldProps) {
  const input = <input id={id} {...errorProps(id, error)} {...inputProps} />;
  return (
    <Field id={id} label={label} error={error}>
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
