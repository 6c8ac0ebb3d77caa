import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { messages } from '../../../../common/messages';
import { parentPinSchema } from '../../../../common/validation';
import { useChangeParentPinMutation } from '../../__generated__/hooks';
import { TextField } from '../../components/TextField';
import { useSignedInDevice, useUser } from '../../hooks/useUser';
import { alertError, notifySuccess } from '../../lib/alerts';
import { DashboardPanel } from './DashboardPanel';
import { useSettingsFailure } from './settingsFailure';
import '../../styles/settings.css';

const parentPinFormSchema = z.object({ pin: parentPinSchema });
type ParentPinForm = z.infer<typeof parentPinFormSchema>;

export default function ParentPinPage() {
  const device = useSignedInDevice();
  const { login } = useUser();
  const readFailure = useSettingsFailure();
  const [showPin, setShowPin] = useState(false);
  const [changeParentPin] = useChangeParentPinMutation();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    clearErrors,
    formState: { errors, isSubmitting },
  } = useForm<ParentPinForm>({
    resolver: zodResolver(parentPinFormSchema),
    defaultValues: { pin: '' },
    reValidateMode: 'onSubmit',
  });

  async function onSubmit(values: ParentPinForm) {
    try {
      const { data } = await changeParentPin({ variables: { input: { pin: values.pin } } });
      if (!data) throw new Error('The parent PIN answer carried no data');
      login(data.changeParentPin.device);
      reset();
      setShowPin(false);
      notifySuccess(messages.settings.parentPinChanged);
    } catch (error) {
      const failure = readFailure(error);
      const fieldError = failure.fieldErrors.pin;
      if (fieldError) setError('pin', { type: 'server', message: fieldError }, { shouldFocus: true });
      alertError(messages.settings.failed, failure.message);
    }
  }

  const hasPin = device?.hasParentPin ?? false;

  return (
    <DashboardPanel heading="Parent PIN">
      <div className="settings">
        <div className="settings__intro">
          <p>The TV app asks for the parent PIN before it opens content you have restricted with parental controls.</p>
          <p className="settings__state" aria-live="polite">
            <span className={`settings__dot${hasPin ? ' settings__dot--on' : ''}`} aria-hidden="true" />
            {hasPin ? 'A parent PIN is set' : 'No parent PIN yet'}
          </p>
        </div>

        <form className="settings__form" noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
          <TextField
            id="new_parent_pin"
            label="New Parent PIN"
            error={errors.pin?.message}
            className="field__mono"
            type={showPin ? 'text' : 'password'}
            inputMode="numeric"
            maxLength={6}
            autoComplete="off"
            placeholder="4 to 6 digits"
            {...register('pin', { onChange: () => clearErrors('pin') })}
            action={
              <button
                type="button"
                className="field__action"
                aria-pressed={showPin}
                onClick={() => setShowPin((shown) => !shown)}
              >
                {showPin ? 'Hide' : 'Show'}
                <span className="visually-hidden"> parent PIN</span>
              </button>
            }
          />
          <button
            type="submit"
            className="button button--primary settings__submit"
            disabled={isSubmitting}
            aria-busy={isSubmitting}
          >
            Save Parent PIN
          </button>
        </form>
      </div>
    </DashboardPanel>
  );
}
