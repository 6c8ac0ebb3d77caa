import { Link } from 'react-router-dom';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Swal from 'sweetalert2';
import { messages } from '../../../../common/messages';
import { switchMacSchema, type SwitchMacInput, type SwitchMacValues } from '../../../../common/validation';
import { CurrentDeviceDocument } from '../../__generated__/graphql';
import { useSwitchMacAddressMutation } from '../../__generated__/hooks';
import { FormMacAddressField } from '../../components/MacAddressField';
import { TextField } from '../../components/TextField';
import { useSignedInDevice, useUser } from '../../hooks/useUser';
import { alertError, notifySuccess } from '../../lib/alerts';
import { CONFIRM_BUTTON_COLOR } from '../../lib/dialogTheme';
import { DashboardPanel } from './DashboardPanel';
import { useSettingsFailure } from './settingsFailure';
import '../../styles/settings.css';

/** The move signs the old TV out of the app, so the owner checks the new address first. */
async function confirmSwitch(macAddress: string): Promise<boolean> {
  const { isConfirmed } = await Swal.fire({
    icon: 'warning',
    title: `Move this device to ${macAddress}?`,
    text: 'Its licence, playlists, device key and parent PIN move to this MAC address, and the current TV is signed out of the app.',
    showCancelButton: true,
    confirmButtonText: 'Switch MAC',
    cancelButtonText: 'Cancel',
    focusCancel: true,
    confirmButtonColor: CONFIRM_BUTTON_COLOR,
    // A 17-character MAC in the default title size breaks mid-address on a phone.
    customClass: { title: 'switch-mac__confirm-title' },
  });
  return isConfirmed;
}

/** The spec's failure text with the server's reason after it, when there is one. */
function switchMacFailureText(serverMessage: string | undefined): string {
  return serverMessage ? `${messages.switchMac.failed} ${serverMessage}` : messages.switchMac.failed;
}

export default function SwitchMacPage() {
  const device = useSignedInDevice();
  const { login } = useUser();
  const readFailure = useSettingsFailure();
  const [switchMacAddress] = useSwitchMacAddressMutation({
    // The moved device may come back as another record (the new TV's), so the session query is pointed at it
    // rather than left to normalisation.
    update(cache, { data }) {
      if (data)
        cache.writeQuery({ query: CurrentDeviceDocument, data: { currentDevice: data.switchMacAddress.device } });
    },
  });
  const {
    control,
    register,
    handleSubmit,
    reset,
    setError,
    clearErrors,
    formState: { errors, isSubmitting },
  } = useForm<SwitchMacInput, unknown, SwitchMacValues>({
    // The server's rules and messages (common/validation): the sign-in screen's for the MAC and the key.
    resolver: zodResolver(switchMacSchema),
    defaultValues: { macAddress: '', deviceKey: '' },
    reValidateMode: 'onSubmit',
  });

  async function onSubmit(values: SwitchMacValues) {
    // Nothing to confirm: the device already has that MAC address (the server says the same).
    if (device && values.macAddress === device.macAddress) {
      setError('macAddress', { type: 'own', message: messages.switchMac.ownMac }, { shouldFocus: true });
      return;
    }
    const confirmed = await confirmSwitch(values.macAddress);
    if (!confirmed) return;
    try {
      const { data } = await switchMacAddress({
        variables: { input: { macAddress: values.macAddress, deviceKey: values.deviceKey } },
      });
      if (!data) throw new Error('The switch MAC answer carried no data');
      login(data.switchMacAddress.device);
      reset();
      notifySuccess(messages.switchMac.success);
    } catch (error) {
      const failure = readFailure(error);
      // The server's message for a field goes on it (the key's first: a refused key is the likelier mistake).
      const keyError = failure.fieldErrors.deviceKey;
      const macError = failure.fieldErrors.macAddress;
      if (macError) setError('macAddress', { type: 'server', message: macError }, { shouldFocus: !keyError });
      if (keyError) setError('deviceKey', { type: 'server', message: keyError }, { shouldFocus: true });
      alertError('Mac Address Not Switched', switchMacFailureText(failure.message));
    }
  }

  return (
    <DashboardPanel heading="Switch MAC">
      <div className="settings">
        <div className="settings__intro">
          <p>
            Replaced your TV? Open the app on the new TV, then move this device to the MAC address and device key it
            shows.
          </p>
          <ul className="settings__list">
            <li>The licence, playlists, device key and parent PIN move to the new MAC address.</li>
            <li>The old TV is signed out of the app.</li>
            <li>You cannot move it onto a TV that is already activated.</li>
          </ul>
          <p>
            Or, without typing: ask the app on the new TV for a link code, then enter it on{' '}
            <Link to="/link">Link a TV</Link>.
          </p>
          {device && (
            <p className="settings__current">
              Current MAC address <span className="settings__mono">{device.macAddress}</span>
            </p>
          )}
        </div>

        <form className="settings__form" noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
          <FormMacAddressField
            control={control}
            id="new_mac_address"
            label="New MAC Address"
            onEdit={() => clearErrors('macAddress')}
          />
          <TextField
            id="device_key"
            label="Device Key"
            hint="The 6-digit device key the app shows on the new TV."
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
            Switch MAC
          </button>
        </form>
      </div>
    </DashboardPanel>
  );
}
