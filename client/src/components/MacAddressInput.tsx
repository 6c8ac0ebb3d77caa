import { useCallback, useLayoutEffect, useRef } from 'react';
import type { ClipboardEvent, ComponentPropsWithRef, KeyboardEvent, Ref } from 'react';
import { MAC_MAX_LENGTH, backspaceOverSeparator, formatMacInput, formatPastedMac } from '../lib/macInput';

type NativeInputProps = Omit<
  ComponentPropsWithRef<'input'>,
  'value' | 'defaultValue' | 'onChange' | 'type' | 'maxLength'
>;

export interface MacAddressInputProps extends NativeInputProps {
  value: string;
  onValueChange: (value: string) => void;
}

function assignRef<T>(ref: Ref<T> | undefined, node: T | null) {
  if (typeof ref === 'function') ref(node);
  else if (ref) ref.current = node;
}

/** A text field for a MAC address that types its own colons, as the TV app shows the address. */
export function MacAddressInput({
  value,
  onValueChange,
  onKeyDown,
  onPaste,
  ref,
  ...inputProps
}: MacAddressInputProps) {
  const inputRef = useRef<HTMLInputElement | null>(null);
  // Where the caret goes once React has written a value we changed by hand (Backspace over a separator).
  const pendingCaret = useRef<number | null>(null);

  const setRefs = useCallback(
    (node: HTMLInputElement | null) => {
      inputRef.current = node;
      assignRef(ref, node);
    },
    [ref],
  );

  useLayoutEffect(() => {
    const caret = pendingCaret.current;
    if (caret === null || !inputRef.current) return;
    pendingCaret.current = null;
    inputRef.current.setSelectionRange(caret, caret);
  }, [value]);

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    onKeyDown?.(event);
    if (event.defaultPrevented || event.key !== 'Backspace') return;
    const { selectionStart, selectionEnd } = event.currentTarget;
    if (selectionStart === null || selectionStart !== selectionEnd) return;
    const edit = backspaceOverSeparator(value, selectionStart);
    if (!edit) return;
    event.preventDefault();
    pendingCaret.current = edit.caret;
    onValueChange(edit.value);
  }

  function handlePaste(event: ClipboardEvent<HTMLInputElement>) {
    onPaste?.(event);
    if (event.defaultPrevented) return;
    const formatted = formatPastedMac(event.clipboardData.getData('text'));
    if (formatted === null) return;
    event.preventDefault();
    onValueChange(formatted);
  }

  return (
    <input
      // A MAC address reads left to right in every language, as the TV shows it.
      dir="ltr"
      {...inputProps}
      ref={setRefs}
      type="text"
      value={value}
      maxLength={MAC_MAX_LENGTH}
      autoComplete="off"
      autoCapitalize="none"
      autoCorrect="off"
      spellCheck={false}
      onKeyDown={handleKeyDown}
      onPaste={handlePaste}
      onChange={(event) => {
        const input = event.currentTarget;
        const caretAtEnd = input.selectionStart === null || input.selectionStart >= input.value.length;
        onValueChange(formatMacInput(value, input.value, caretAtEnd));
      }}
    />
  );
}
