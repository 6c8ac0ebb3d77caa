import { useCallback, useState } from 'react';
import type { LoginInput } from '../../../../common/validation';

export type FieldName = keyof LoginInput;
export type FieldErrors = Partial<Record<FieldName, string>>;

/**
 * The sign-in form's state: its values, and the rules' first message for each field that breaks one. Three fields
 * and a token need no form library: this screen is the portal's door, and react-hook-form would add about 10 KB
 * (compressed) to what a phone loads before the form works.
 */
export function useLoginForm(initial: LoginInput) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const setValue = useCallback((field: FieldName, value: string) => {
    setValues((current) => (current[field] === value ? current : { ...current, [field]: value }));
  }, []);
  const clearErrors = useCallback((...fields: FieldName[]) => {
    setErrors((current) => {
      if (!fields.some((field) => field in current)) return current;
      const rest = { ...current };
      for (const field of fields) delete rest[field];
      return rest;
    });
  }, []);
  return { values, errors, setErrors, setValue, clearErrors };
}
