import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../routes';
import { siteConfig } from '../lib/siteConfig';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the chat widgets of the shared frame', () => {
  it('shows two widgets on the business number, the second on the left, inviting questions about the product', async () => {
    const { chatNumber, productName } = siteConfig();
    render(<RouterProvider router={createMemoryRouter(routes, { initialEntries: ['/'] })} />);
    await screen.findByRole('heading', { level: 1 });

    const buttons = screen.getAllByRole('button', { name: `Open chat with ${productName}` });
    expect(buttons).toHaveLength(2);
    const [right, left] = buttons.map((button) => button.closest('.chat-widget'));
    expect(right).not.toHaveClass('chat-widget--left');
    expect(left).toHaveClass('chat-widget--left');

    vi.useFakeTimers();
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    fireEvent.click(buttons[1]!);
    const dialog = screen.getByRole('dialog', { name: productName });
    act(() => {
      vi.advanceTimersByTime(2000);
    });
    const message = dialog.querySelector('.chat-widget__message-text')?.textContent ?? '';
    expect(message.startsWith('Hello there!\nHow can we help?')).toBe(true);
    expect(message).toContain(`about ${productName}`);

    const input = within(dialog).getByLabelText('Message');
    expect(input).toHaveValue('');
    fireEvent.change(input, { target: { value: 'Does it work on LG?' } });
    fireEvent.submit(input);
    expect(open).toHaveBeenCalledWith(
      `https://wa.me/${chatNumber}?text=Does%20it%20work%20on%20LG%3F`,
      '_blank',
      'noopener,noreferrer',
    );
  });
});
