import { useMemo, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { messages } from '../../../../common/messages';
import { useUser, type Device } from '../../hooks/useUser';
import { useLocale } from '../../i18n/LocaleProvider';
import { alertError, notifySuccess } from '../../lib/alerts';
import { translatedResolver } from '../../lib/formMessages';
import { useSettingsFailure } from './settingsFailure';

export interface SettingFormOptions {
  /** The value's rule, shared with the server (common/validation). */
  schema: z.ZodType<string, string>;
  /** The input field's name in the server's `fieldErrors`. */
  serverField: string;
  /** Sends the new value; resolves to the device as it now is. */
  save: (value: string) => Promise<Device>;
  /** Shown once the change is saved. */
  success: string;
  /** After a saved change, besides clearing the field. */
  onSaved?: () => void;
}

/**
 * A settings form of one secret value (device key, parent PIN): checked on submit as on the sign-in screen,
 * errors hidden as soon as the field changes, the server's message for the field shown on it, the outcome in a
 * dialog, and the signed-in device updated with what the server answered.
 */
export function useSettingForm({ schema, serverField, save, success, onSaved }: SettingFormOptions) {
  const { login } = useUser();
  const readFailure = useSettingsFailure();
  const { text } = useLocale();
  // The rule's messages arrive as their English (common/messages.ts): said in the page's language.
  const resolver = useMemo(() => translatedResolver(zodResolver(z.object({ value: schema })), text), [schema, text]);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    clearErrors,
    formState: { errors, isSubmitting },
  } = useForm<{ value: string }>({
    resolver,
    defaultValues: { value: '' },
    reValidateMode: 'onSubmit',
  });

  const submit = handleSubmit(async ({ value }) => {
    try {
      login(await save(value));
      reset();
      onSaved?.();
      notifySuccess(success);
    } catch (error) {
      const failure = readFailure(error);
      const fieldError = failure.fieldErrors[serverField];
      if (fieldError) setError('value', { type: 'server', message: text(fieldError) }, { shouldFocus: true });
      alertError(messages.settings.failed, failure.message);
    }
  });

  return {
    field: register('value', { onChange: () => clearErrors('value') }),
    error: errors.value?.message,
    isSubmitting,
    onSubmit: (event: FormEvent) => void submit(event),
  };
}
