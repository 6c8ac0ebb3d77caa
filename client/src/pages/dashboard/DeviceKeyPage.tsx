import { useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { messages } from '../../../../common/messages';
import { newDeviceKeySchema } from '../../../../common/validation';
import { useChangeDeviceKeyMutation } from '../../__generated__/hooks';
import { SubmitButton } from '../../components/SubmitButton';
import { TextField } from '../../components/TextField';
import { DashboardPanel } from './DashboardPanel';
import { useSettingForm } from './settingForm';
import '../../styles/settings.css';

/** Where a TV signed out by a key change is signed in again: its link code, approved. */
function linkATv(chunks: ReactNode[]) {
  return <Link to="/link">{chunks}</Link>;
}

export default function DeviceKeyPage() {
  const intl = useIntl();
  // The TVs linked to the device are signed out with a new key unless the owner keeps them: a key that leaked may
  // have been used to link a TV of someone else's.
  const [signOutTvs, setSignOutTvs] = useState(true);
  // How many TVs the last change signed out (null before a change): said until the page is left.
  const [signedOut, setSignedOut] = useState<number | null>(null);
  const [changeDeviceKey] = useChangeDeviceKeyMutation({ refetchQueries: ['DeviceTvSessions'] });
  const { field, error, isSubmitting, onSubmit } = useSettingForm({
    schema: newDeviceKeySchema,
    serverField: 'deviceKey',
    save: async (deviceKey) => {
      const { data } = await changeDeviceKey({
        variables: { input: { deviceKey, keepTvsSignedIn: !signOutTvs } },
      });
      if (!data) throw new Error('The device key answer carried no data');
      setSignedOut(data.changeDeviceKey.tvsSignedOut ?? 0);
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
          <p>
            <FormattedMessage
              id="settings.deviceKey.tvs"
              defaultMessage="The TVs signed in to this device are signed out too, unless you keep them below: change the key this way if it may have been seen by someone else. A TV that was signed out shows a code; approve it on <link>Link a TV</link> to sign it in again."
              values={{ link: linkATv }}
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
          <div className="switch">
            <input
              id="sign_out_tvs"
              type="checkbox"
              role="switch"
              className="switch__input"
              checked={signOutTvs}
              onChange={(event) => setSignOutTvs(event.target.checked)}
            />
            <label htmlFor="sign_out_tvs" className="switch__label">
              <FormattedMessage
                id="settings.deviceKey.signOutTvs"
                defaultMessage="Sign out every TV signed in to this device"
              />
            </label>
          </div>
          <SubmitButton busy={isSubmitting} className="settings__submit">
            <FormattedMessage id="settings.deviceKey.save" defaultMessage="Save Device Key" />
          </SubmitButton>
        </form>
        {/* The change's outcome stays on the page: the notice that says it was saved closes by itself. */}
        <p className="settings__result" role="status">
          {signedOut !== null && (
            <FormattedMessage
              id="settings.deviceKey.signedOut"
              defaultMessage="{count, plural, =0 {No TV was signed out.} one {# TV was signed out. It shows a link code: approve it on <link>Link a TV</link>.} other {# TVs were signed out. Each shows a link code: approve it on <link>Link a TV</link>.}}"
              values={{ count: signedOut, link: linkATv }}
            />
          )}
        </p>
      </div>
    </DashboardPanel>
  );
}
