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
