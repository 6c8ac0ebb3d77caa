import { useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { useTvCheckParentPinMutation } from '../__generated__/hooks';
import { errorMessage } from '../api/errors';
import { useBack } from '../ui/back';
import { PinPad } from '../ui/PinPad';

type NoValues = Record<string, never>;

const TEXTS = defineMessages<{
  title: NoValues;
  hint: { count: number };
  wrong: NoValues;
  none: NoValues;
}>({
  title: { id: 'tvapp.parentPin.title', defaultMessage: 'Enter the parent PIN' },
  hint: {
    id: 'tvapp.parentPin.hint',
    defaultMessage:
      '{count, plural, one {# group of this playlist is locked} other {# groups of this playlist are locked}} by parental controls.',
  },
  wrong: { id: 'tvapp.parentPin.wrong', defaultMessage: 'That is not the parent PIN.' },
  none: {
    id: 'tvapp.parentPin.none',
    defaultMessage: 'No parent PIN is set. The owner sets it in the portal, under Parent PIN.',
  },
});

/** The parent PIN (`checkParentPin`) before the groups the owner locked are shown. */
export function ParentPinScreen({
  lockedCount,
  hasParentPin,
  onValid,
  onBack,
}: {
  lockedCount: number;
  hasParentPin: boolean;
  onValid: () => void;
  onBack: () => void;
}) {
  const intl = useIntl();
  const [check, { loading }] = useTvCheckParentPinMutation();
  const [error, setError] = useState<string | undefined>(hasParentPin ? undefined : intl.formatMessage(TEXTS.none));
  useBack(onBack);
  return (
    <div className="tv-overlay tv-center">
      <PinPad
        title={intl.formatMessage(TEXTS.title)}
        hint={intl.formatMessage(TEXTS.hint, { count: lockedCount })}
        error={error}
        busy={loading}
        onSubmit={(pin) => {
          setError(undefined);
          check({ variables: { input: { pin } } }).then(
            ({ data }) => {
              if (data?.checkParentPin.valid) onValid();
              else setError(intl.formatMessage(TEXTS.wrong));
            },
            (failure: unknown) => setError(errorMessage(failure)),
          );
        }}
      />
    </div>
  );
}
