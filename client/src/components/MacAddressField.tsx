import { Controller, type Control, type Path } from 'react-hook-form';
import { MacAddressInput, type MacAddressInputProps } from './MacAddressInput';
import { Field, errorProps } from './TextField';

export interface MacAddressFieldProps extends Pick<MacAddressInputProps, 'value' | 'onValueChange' | 'onBlur' | 'ref'> {
  /** The input's id and name. */
  id: string;
  label: string;
  error: string | undefined;
}

/** A labelled MAC address field with its message: the sign-in screen's and Switch MAC's. */
export function MacAddressField({ id, label, error, ...input }: MacAddressFieldProps) {
  return (
    <Field id={id} label={label} error={error}>
      <MacAddressInput
        id={id}
        name={id}
        className="field__mono"
        placeholder="00:aa:bb:cc:dd:11"
        {...errorProps(id, error)}
        {...input}
      />
    </Field>
  );
}

export interface FormMacAddressFieldProps<T extends { macAddress: string }> {
  /** The form's control (react-hook-form); the field is its `macAddress`. */
  control: Control<T>;
  id: string;
  label: string;
  /** Called on every edit, after the value changed: the forms clear the server's message on the field. */
  onEdit: () => void;
}

/** `MacAddressField` bound to a form's `macAddress`, with the form's message for it. */
export function FormMacAddressField<T extends { macAddress: string }>({
  control,
  id,
  label,
  onEdit,
}: FormMacAddressFieldProps<T>) {
  return (
    <Controller
      control={control}
      name={'macAddress' as Path<T>}
      render={({ field, fieldState }) => (
        <MacAddressField
          id={id}
          label={label}
          error={fieldState.error?.message}
          ref={field.ref}
          value={field.value as string}
          onBlur={field.onBlur}
          onValueChange={(value) => {
            field.onChange(value);
            onEdit();
          }}
        />
      )}
    />
  );
}
