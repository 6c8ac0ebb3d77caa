import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MacAddressInput } from './MacAddressInput';
import { setTestLocale } from '../test/locale';

function Harness({ initial = '' }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <label htmlFor="mac_address">MAC Address</label>
      <MacAddressInput id="mac_address" name="mac_address" value={value} onValueChange={setValue} />
    </>
  );
}

function setup(initial?: string) {
  const user = userEvent.setup();
  render(<Harness initial={initial} />);
  const input = screen.getByLabelText<HTMLInputElement>('MAC Address');
  return { user, input };
}

describe('MacAddressInput', () => {
  it('types the colons itself', async () => {
    const { user, input } = setup();
    await user.type(input, 'a1b2c3d4e5f6');
    expect(input).toHaveValue('a1:b2:c3:d4:e5:f6');
  });

  it('shows the colon as soon as a pair is complete', async () => {
    const { user, input } = setup();
    await user.type(input, 'a1');
    expect(input).toHaveValue('a1:');
    await user.type(input, 'b');
    expect(input).toHaveValue('a1:b');
  });

  it('never holds more than 17 characters', async () => {
    const { user, input } = setup();
    await user.type(input, 'a1b2c3d4e5f6a7b8c9');
    expect(input).toHaveValue('a1:b2:c3:d4:e5:f6');
    expect(input.value).toHaveLength(17);
    expect(input).toHaveAttribute('maxLength', '17');
  });

  it('removes a colon together with the character before it on Backspace', async () => {
    const { user, input } = setup();
    await user.type(input, 'a1b2');
    expect(input).toHaveValue('a1:b2:');
    await user.keyboard('{Backspace}');
    expect(input).toHaveValue('a1:b');
    await user.keyboard('{Backspace}');
    expect(input).toHaveValue('a1:');
    await user.keyboard('{Backspace}');
    expect(input).toHaveValue('a');
  });

  it('removes a hyphen together with the character before it on Backspace', async () => {
    const { user, input } = setup('a1-b2-');
    await user.click(input);
    await user.keyboard('{End}{Backspace}');
    expect(input).toHaveValue('a1-b');
  });

  it('keeps the caret where the deletion happened in the middle of the address', async () => {
    const { user, input } = setup('a1:b2:c3');
    await user.click(input);
    input.setSelectionRange(6, 6);
    await user.keyboard('{Backspace}');
    expect(input).toHaveValue('a1:bc3');
    expect(input.selectionStart).toBe(4);
  });

  it('formats a pasted address written without separators', async () => {
    const { user, input } = setup();
    await user.click(input);
    await user.paste('A1B2C3D4E5F6');
    expect(input).toHaveValue('A1:B2:C3:D4:E5:F6');
  });

  it('pastes a partial address as it is', async () => {
    const { user, input } = setup();
    await user.click(input);
    await user.paste('a1:b');
    expect(input).toHaveValue('a1:b');
  });

  it('reads left to right on an Arabic page too', async () => {
    await setTestLocale('ar');
    const user = userEvent.setup();
    render(<Harness />);
    const input = screen.getByLabelText('MAC Address');
    expect(input).toHaveAttribute('dir', 'ltr');
    await user.type(input, '00aabbccdd11');
    expect(input).toHaveValue('00:aa:bb:cc:dd:11');
  });
});
