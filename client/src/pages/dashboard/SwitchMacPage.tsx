import { useMemo, type ReactNode } from 'react';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { Link } from 'react-router-dom';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Swal from 'sweetalert2';
import { messages } from '../../../../common/messages';
import { switchMacSchema, type SwitchMacInput, type SwitchMacValues } from '../../../../common/validation';
import { CurrentDeviceDocument } from '../../__generated__/graphql';
import { useSwitchMacAddressMutation } from '../../__generated__/hooks';
import { FormMacAddressField } from '../../components/MacAddressField';
import { SubmitButton } from '../../components/SubmitButton';
import { TextField } from '../../components/TextField';
import { useSignedInDevice, useUser } from '../../hooks/useUser';
import { useLocale } from '../../i18n/LocaleProvider';
import { alertError, cancelButtonText, notifySuccess } from '../../lib/alerts';
import { CONFIRM_BUTTON_COLOR } from '../../lib/dialogTheme';
import { translatedResolver } from '../../lib/formMessages';
import { DashboardPanel } from './DashboardPanel';
import { useSettingsFailure } from './settingsFailure';
import '../../styles/settings.css';

/** A MAC address inside a sentence of a right-to-left language, kept left to right (Unicode's isolates). */
function isolate(value: string, dir: 'ltr' | 'rtl'): string {
  return dir === 'rtl' ? `\u2068${value}\u2069` : value;
}

/** The move signs the old TV out of the app, so the owner checks the new address first. */
async function confirmSwitch(macAddress: string, intl: IntlShape, dir: 'ltr' | 'rtl'): Promise<boolean> {
  const { isConfirmed } = await Swal.fire({
    icon: 'warning',
    title: intl.formatMessage(
      { id: 'settings.switchMac.confirmTitle', defaultMessage: 'Move this device to {macAddress}?' },
      { macAddress: isolate(macAddress, dir) },
    ),
    text: intl.formatMessage({
      id: 'settings.switchMac.confirmText',
      defaultMessage:
        'Its licence, playlists, device key and parent PIN move to this MAC address, and the current TV is signed out of the app.',
    }),
    showCancelButton: true,
    confirmButtonText: intl.formatMessage({ id: 'settings.switchMac.confirmButton', defaultMessage: 'Switch MAC' }),
    cancelButtonText: cancelButtonText(),
    focusCancel: true,
    confirmButtonColor: CONFIRM_BUTTON_COLOR,
    // A 17-character MAC in the default title size breaks mid-address on a phone.
    customClass: { title: 'switch-mac__confirm-title' },
  });
  return isConfirmed;
}

/** The spec's failure text with the server's reason after it, when there is one. */
function switchMacFailureText(serverMessage: string | undefined, text: (english: string) => string): string {
  const failed = text(messages.switchMac.failed);
  return serverMessage ? `${failed} ${text(serverMessage)}` : failed;
}

/** A MAC address shown in a sentence: left to right in any language. */
function mono(chunks: ReactNode[]) {
  return (
    <span className="settings__mono" dir="ltr">
      {chunks}
    </span>
  );
}

export default function SwitchMacPage() {
  const intl = useIntl();
  const { dir, text } = useLocale();
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
    // Their messages arrive as their English: said in the page's language.
    resolver: useMemo(() => translatedResolver(zodResolver(switchMacSchema), text), [text]),
    defaultValues: { macAddress: '', deviceKey: '' },
    reValidateMode: 'onSubmit',
  });

  async function onSubmit(values: SwitchMacValues) {
    // Nothing to confirm: the device already has that MAC address (the server says the same).
    if (device && values.macAddress === device.macAddress) {
      setError('macAddress', { type: 'own', message: text(messages.switchMac.ownMac) }, { shouldFocus: true });
      return;
    }
    const confirmed = await confirmSwitch(values.macAddress, intl, dir);
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
      if (macError) setError('macAddress', { type: 'server', message: text(macError) }, { shouldFocus: !keyError });
      if (keyError) setError('deviceKey', { type: 'server', message: text(keyError) }, { shouldFocus: true });
      alertError(
        intl.formatMessage({ id: 'settings.switchMac.failedTitle', defaultMessage: 'Mac Address Not Switched' }),
        switchMacFailureText(failure.message, text),
      );
    }
  }

  return (
    <DashboardPanel heading={intl.formatMessage({ id: 'settings.switchMac.heading', defaultMessage: 'Switch MAC' })}>
      <div className="settings">
        <div className="settings__intro">
          <p>
            <FormattedMessage
              id="settings.switchMac.intro"
              defaultMessage="Replaced your TV? Open the app on the new TV, then move this device to the MAC address and device key it shows."
            />
          </p>
          <ul className="settings__list">
            <li>
              <FormattedMessage
                id="settings.switchMac.moves"
                defaultMessage="The licence, playlists, device key and parent PIN move to the new MAC address."
              />
            </li>
            <li>
              <FormattedMessage id="settings.switchMac.oldTv" defaultMessage="The old TV is signed out of the app." />
            </li>
            <li>
              <FormattedMessage
                id="settings.switchMac.activated"
                defaultMessage="You cannot move it onto a TV that is already activated."
              />
            </li>
          </ul>
          <p>
            <FormattedMessage
              id="settings.switchMac.linkInstead"
              defaultMessage="Or, without typing: ask the app on the new TV for a link code, then enter it on <link>Link a TV</link>."
              values={{ link: (chunks) => <Link to="/link">{chunks}</Link> }}
            />
          </p>
          {device && (
            <p className="settings__current">
              <FormattedMessage
                id="settings.switchMac.current"
                defaultMessage="Current MAC address <mac>{macAddress}</mac>"
                values={{ mac: mono, macAddress: device.macAddress }}
              />
            </p>
          )}
        </div>

        <form className="settings__form" noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
          <FormMacAddressField
            control={control}
            id="new_mac_address"
            label={intl.formatMessage({ id: 'settings.switchMac.macAddress', defaultMessage: 'New MAC Address' })}
            onEdit={() => clearErrors('macAddress')}
          />
          <TextField
            id="device_key"
            label={intl.formatMessage({ id: 'settings.switchMac.deviceKey', defaultMessage: 'Device Key' })}
            hint={intl.formatMessage({
              id: 'settings.switchMac.deviceKey.hint',
              defaultMessage: 'The 6-digit device key the app shows on the new TV.',
            })}
            error={errors.deviceKey?.message}
            className="field__mono"
            type="text"
            inputMode="numeric"
            maxLength={6}
            autoComplete="off"
            dir="ltr"
            placeholder={intl.formatMessage({
              id: 'settings.switchMac.deviceKey.placeholder',
              defaultMessage: '6 digits',
            })}
            {...register('deviceKey', { onChange: () => clearErrors('deviceKey') })}
          />
          <SubmitButton busy={isSubmitting} className="settings__submit">
            <FormattedMessage id="settings.switchMac.submit" defaultMessage="Switch MAC" />
          </SubmitButton>
        </form>
      </div>
    </DashboardPanel>
  );
}
