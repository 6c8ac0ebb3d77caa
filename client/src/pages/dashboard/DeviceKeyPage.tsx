import { FormattedMessage, useIntl } from 'react-intl';
import { messages } from '../../../../common/messages';
import { newDeviceKeySchema } from '../../../../common/validation';
import { useChangeDeviceKeyMutation } from '../../__generated__/hooks';
import { SubmitButton } from '../../components/SubmitButton';
import { TextField } from '../../components/TextField';
import { DashboardPanel } from './DashboardPanel';
import { useSettingForm } from './settingForm';
import '../../styles/settings.css';

export default function DeviceKeyPage() {
  const intl = useIntl();
  const [changeDeviceKey] = useChangeDeviceKeyMutation();
  const { field, error, isSubmitting, onSubmit } = useSettingForm({
    schema: newDeviceKeySchema,
    serverField: 'deviceKey',
    save: async (deviceKey) => {
      const { data } = await changeDeviceKey({ variables: { input: { deviceKey } } });
      if (!data) throw new Error('The device key answer carried no data');
      return data.changeDeviceKey.device;
    },
    success: messages.settings.deviceKeyChanged,
  });

  return (
    <DashboardPanel heading={intl.formatMessage({ id: 'settings.deviceKey.heading', defaultMessage: 'Device Key' })}>
      <div className="settings">
        <div className="settings__intro">
          <p>
            <FormattedMessage
              id="settings.deviceKey.intro"
              defaultMessage="The device key is the 6-digit code you type with your MAC address to sign in to this portal, and the TV app uses it too. After a change, use the new key in both places."
            />
          </p>
          <p>
            <FormattedMessage
              id="settings.deviceKey.sessions"
              defaultMessage="Other browsers signed in to this device are signed out. This one stays signed in."
            />
          </p>
        </div>

        <form className="settings__form" noValidate onSubmit={onSubmit}>
          <TextField
            id="new_device_key"
            label={intl.formatMessage({ id: 'settings.deviceKey.label', defaultMessage: 'New Device Key' })}
            error={error}
            className="field__mono"
            type="text"
            inputMode="numeric"
            maxLength={6}
            autoComplete="off"
            dir="ltr"
            placeholder={intl.formatMessage({ id: 'settings.deviceKey.placeholder', defaultMessage: '6 digits' })}
            {...field}
          />
          <SubmitButton busy={isSubmitting} className="settings__submit">
            <FormattedMessage id="settings.deviceKey.save" defaultMessage="Save Device Key" />
          </SubmitButton>
        </form>
      </div>
    </DashboardPanel>
  );
}
