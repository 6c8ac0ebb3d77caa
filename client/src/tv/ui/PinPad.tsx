import { FocusContext, useFocusable } from '@noriginmedia/norigin-spatial-navigation';
import { useEffect, useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { digitOf } from '../platform';
import { FocusButton } from './FocusButton';

type NoValues = Record<string, never>;

const TEXTS = defineMessages<{
  clear: NoValues;
  ok: NoValues;
  entered: { count: number };
}>({
  clear: { id: 'tvapp.pin.clear', defaultMessage: 'Delete' },
  ok: { id: 'tvapp.pin.ok', defaultMessage: 'OK' },
  entered: {
    id: 'tvapp.pin.entered',
    defaultMessage: '{count, plural, =0 {No digits entered} one {# digit entered} other {# digits entered}}',
  },
});

const MAX_DIGITS = 12;

/**
 * An on-screen keypad for a PIN, for the remote's arrows and Enter; the remote's number keys type too. The digits
 * are shown as dots.
 */
export function PinPad({
  title,
  hint,
  error,
  busy,
  onSubmit,
}: {
  title: string;
  hint?: string;
  error?: string;
  busy: boolean;
  onSubmit: (pin: string) => void;
}) {
  const intl = useIntl();
  const [pin, setPin] = useState('');
  const { ref, focusKey, focusSelf } = useFocusable({ focusKey: 'PIN_PAD', isFocusBoundary: true });
  useEffect(() => {
    focusSelf();
  }, [focusSelf]);
  const submit = () => {
    if (!pin || busy) return;
    onSubmit(pin);
    // A wrong PIN is typed again from the start.
    setPin('');
  };
  const add = (digit: string) => setPin((p) => (p.length < MAX_DIGITS ? p + digit : p));
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const digit = digitOf(event);
      if (digit !== undefined) add(digit);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const keys = ['1', '2', '3', '4', '5', '6', '7', '8', '9'];
  return (
    <FocusContext.Provider value={focusKey}>
      <div ref={ref} className="tv-pin" role="dialog" aria-label={title}>
        <h2 className="tv-pin__title">{title}</h2>
        {hint && <p className="tv-pin__hint">{hint}</p>}
        <div className="tv-pin__dots" dir="ltr" aria-label={intl.formatMessage(TEXTS.entered, { count: pin.length })}>
          {pin.length ? '●'.repeat(pin.length) : '\u00a0'}
        </div>
        {error && (
          <p className="tv-pin__error" role="alert">
            {error}
          </p>
        )}
        <div className="tv-pin__grid" dir="ltr">
          {keys.map((digit, i) => (
            <FocusButton key={digit} focusKey={`PIN_${digit}`} autoFocus={i === 0} onPress={() => add(digit)}>
              {digit}
            </FocusButton>
          ))}
          <FocusButton focusKey="PIN_CLEAR" onPress={() => setPin((p) => p.slice(0, -1))}>
            {intl.formatMessage(TEXTS.clear)}
          </FocusButton>
          <FocusButton focusKey="PIN_0" onPress={() => add('0')}>
            0
          </FocusButton>
          <FocusButton focusKey="PIN_OK" className="tv-button--primary" onPress={submit}>
            {intl.formatMessage(TEXTS.ok)}
          </FocusButton>
        </div>
      </div>
    </FocusContext.Provider>
  );
}
