import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { messages } from '../../../../common/messages';
import { newDeviceKeySchema } from '../../../../common/validation';
import { useChangeDeviceKeyMutation } from '../../__generated__/hooks';
import { TextField } from '../../components/TextField';
import { useUser } from '../../hooks/useUser';
import { alertError, notifySuccess } from '../../lib/alerts';
import { DashboardPanel } from './DashboardPanel';
import { useSettingsFailure } from './settingsFailure';
import '../../styles/settings.css';

const deviceKeyFormSchema = z.object({ deviceKey: newDeviceKeySchema });
type DeviceKeyForm = z.infer<typeof deviceKeyFormSchema>;

export default function DeviceKeyPage() {
  const { login } = useUser();
  const readFailure = useSettingsFailure();
  const [changeDeviceKey] = useChangeDeviceKeyMutation();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    clearErrors,
    formState: { errors, isSubmitting },
  } = useForm<DeviceKeyForm>({
    resolver: zodResolver(deviceKeyFormSchema),
    defaultValues: { deviceKey: '' },
    // As on the sign-in screen: errors appear on submit and hide as soon as the field changes.
    reValidateMode: 'onSubmit',
  });

  async function onSubmit(values: DeviceKeyForm) {
    try {
      const { data } = await changeDeviceKey({ variables: { input: { deviceKey: values.deviceKey } } });
      if (!data) throw new Error('The device key answer carried no data');
      login(data.changeDeviceKey.device);
      reset();
      notifySuccess(messages.settings.deviceKeyChanged);
    } catch (error) {
      const failure = readFailure(error);
      const fieldError = failure.fieldErrors.deviceKey;
      if (fieldError) setError('deviceKey', { type: 'server', message: fieldError }, { shouldFocus: true });
      alertError(messages.settings.failed, failure.message);
    }
  }

  return (
    <DashboardPanel heading="Device Key">
      <div className="settings">
        <div className="settings__intro">
          <p>
            The device key is the 6-digit code you type with your MAC address to sign in to this portal, and the TV app
            uses it too. After a change, use the new key in both places.
          </p>
          <p>Other browsers signed in to this device are signed out. This one stays signed in.</p>
        </div>

        <form className="settings__form" noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
          <TextField
            id="new_device_key"
            label="New Device Key"
            error={errors.deviceKey?.message}
            className="field__mono"
            type="text"
            inputMode="numeric"
            maxLength={6}
            autoComplete="off"
            placeholder="6 digits"
            {...register('deviceKey', { onChange: () => clearErrors('deviceKey') })}
          />
          <button
            type="submit"
            className="button button--primary settings__submit"
            disabled={isSubmitting}
            aria-busy={isSubmitting}
          >
            Save Device Key
          </button>
        </form>
      </div>
    </DashboardPanel>
  );
}
