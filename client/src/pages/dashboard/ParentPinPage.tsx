import { useState } from 'react';
import { messages } from '../../../../common/messages';
import { parentPinSchema } from '../../../../common/validation';
import { useChangeParentPinMutation } from '../../__generated__/hooks';
import { TextField } from '../../components/TextField';
import { useSignedInDevice } from '../../hooks/useUser';
import { DashboardPanel } from './DashboardPanel';
import { useSettingForm } from './settingForm';
import '../../styles/settings.css';

export default function ParentPinPage() {
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
    <DashboardPanel heading="Parent PIN">
      <div className="settings">
        <div className="settings__intro">
          <p>The TV app asks for the parent PIN before it opens content you have restricted with parental controls.</p>
          <p className="settings__state" aria-live="polite">
            <span className={`settings__dot${hasPin ? ' settings__dot--on' : ''}`} aria-hidden="true" />
            {hasPin ? 'A parent PIN is set' : 'No parent PIN yet'}
          </p>
        </div>

        <form className="settings__form" noValidate onSubmit={onSubmit}>
          <TextField
            id="new_parent_pin"
            label="New Parent PIN"
            error={error}
            className="field__mono"
            type={showPin ? 'text' : 'password'}
            inputMode="numeric"
            maxLength={6}
            autoComplete="off"
            placeholder="4 to 6 digits"
            {...field}
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
