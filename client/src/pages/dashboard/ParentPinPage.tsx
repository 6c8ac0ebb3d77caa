import { useState } from 'react';
import { FormattedMessage, defineMessages, useIntl } from 'react-intl';
import { RevealButton } from '../../components/RevealButton';
import { messages } from '../../../../common/messages';
import { parentPinSchema } from '../../../../common/validation';
import { useChangeParentPinMutation } from '../../__generated__/hooks';
import { SubmitButton } from '../../components/SubmitButton';
import { TextField } from '../../components/TextField';
import { useSignedInDevice } from '../../hooks/useUser';
import { DashboardPanel } from './DashboardPanel';
import { useSettingForm } from './settingForm';
import '../../styles/settings.css';

/** The parent PIN field's Show/Hide button. */
const PIN_REVEAL = defineMessages({
  show: { id: 'settings.parentPin.show', defaultMessage: 'Show<hidden> parent PIN</hidden>' },
  hide: { id: 'settings.parentPin.hide', defaultMessage: 'Hide<hidden> parent PIN</hidden>' },
});

export default function ParentPinPage() {
  const intl = useIntl();
  const device = useSignedInDevice();
  const [showPin, setShowPin] = useState(false);
  const [changeParentPin] = useChangeParentPinMutation();
  const { field, error, isSubmitting, onSubmit } = useSettingForm({
    schema: parentPinSchema,
    serverField: 'pin',
    save: async (pin) => {
      const { data } = await changeParentPin({ variables: { input: { pin } } });
      if (!data) throw new Error('The parent PIN answer carried no data');
      return data.changeParentPin.device;
    },
    success: messages.settings.parentPinChanged,
    onSaved: () => setShowPin(false),
  });

  const hasPin = device?.hasParentPin ?? false;

  return (
    <DashboardPanel heading={intl.formatMessage({ id: 'settings.parentPin.heading', defaultMessage: 'Parent PIN' })}>
      <div className="settings">
        <div className="settings__intro">
          <p>
            <FormattedMessage
              id="settings.parentPin.intro"
              defaultMessage="The TV app asks for the parent PIN before it opens content you have restricted with parental controls."
            />
          </p>
          <p className="settings__state" aria-live="polite">
            <span className={`settings__dot${hasPin ? ' settings__dot--on' : ''}`} aria-hidden="true" />
            {hasPin ? (
              <FormattedMessage id="settings.parentPin.set" defaultMessage="A parent PIN is set" />
            ) : (
              <FormattedMessage id="settings.parentPin.none" defaultMessage="No parent PIN yet" />
            )}
          </p>
        </div>

        <form className="settings__form" noValidate onSubmit={onSubmit}>
          <TextField
            id="new_parent_pin"
            label={intl.formatMessage({ id: 'settings.parentPin.label', defaultMessage: 'New Parent PIN' })}
            error={error}
            className="field__mono"
            type={showPin ? 'text' : 'password'}
            inputMode="numeric"
            maxLength={6}
            autoComplete="off"
            dir="ltr"
            placeholder={intl.formatMessage({ id: 'settings.parentPin.placeholder', defaultMessage: '4 to 6 digits' })}
            {...field}
            action={
              <RevealButton
                shown={showPin}
                onToggle={() => setShowPin((shown) => !shown)}
                show={PIN_REVEAL.show}
                hide={PIN_REVEAL.hide}
              />
            }
          />
          <SubmitButton busy={isSubmitting} className="settings__submit">
            <FormattedMessage id="settings.parentPin.save" defaultMessage="Save Parent PIN" />
          </SubmitButton>
        </form>
      </div>
    </DashboardPanel>
  );
}
