import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../routes';
import { siteConfig } from '../lib/siteConfig';
import { setTestLocale } from '../test/locale';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the chat widgets of the shared frame', () => {
  it('shows two widgets on the business number, the second on the left, inviting questions about the product', async () => {
    const { chatNumber, productName } = siteConfig();
    render(<RouterProvider router={createMemoryRouter(routes, { initialEntries: ['/'] })} />);
    await screen.findByRole('heading', { level: 1 });

    const buttons = screen.getAllByRole('button', { name: new RegExp(`^Open chat with ${productName}`) });
    expect(buttons).toHaveLength(2);
    // Two buttons, two names: each says which it is.
    expect(buttons.map((button) => button.getAttribute('aria-label'))).toEqual([
      `Open chat with ${productName}, right button`,
      `Open chat with ${productName}, left button`,
    ]);
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
    // The name never breaks across lines: its spaces are no-break spaces.
    expect(message).toContain(`about ${productName.replace(/ /g, '\u00a0')}`);

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

  it('frames the page in Arabic: header, footer and chat widgets, the addresses left to right', async () => {
    await setTestLocale('ar');
    const { chatNumber, productName, contactEmail } = siteConfig();
    render(<RouterProvider router={createMemoryRouter(routes, { initialEntries: ['/'] })} />);
    await screen.findByRole('heading', { level: 1 });

    expect(screen.getByRole('link', { name: 'انتقل إلى المحتوى' })).toHaveAttribute('href', '#main');
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('link', { name: `${productName}: الصفحة الرئيسية` })).toHaveAttribute('href', '/');
    expect(within(header).getByRole('button', { name: 'فتح القائمة' })).toBeInTheDocument();
    const nav = within(header).getByRole('navigation', { name: 'القائمة الرئيسية' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['الميزات', 'الأسئلة الشائعة', 'تواصل معنا', 'تفعيل الجهاز', 'إدارة قوائم التشغيل']);
    expect(within(nav).getByRole('link', { name: 'الميزات' })).toHaveAttribute('href', '/#features');
    expect(within(header).getByRole('link', { name: 'English' })).toBeInTheDocument();

    const footer = screen.getByRole('contentinfo');
    expect(footer).toHaveTextContent('مشغّل وسائط متميّز لقوائم تشغيل M3U وM3U8');
    expect(footer).toHaveTextContent(`© ${new Date().getFullYear()} ${productName}. جميع الحقوق محفوظة.`);
    expect(within(footer).getByRole('link', { name: 'راسلنا عبر واتساب' })).toHaveAttribute(
      'href',
      `https://wa.me/${chatNumber}`,
    );
    const legal = within(footer).getByRole('navigation', { name: 'الصفحات القانونية' });
    expect(
      within(legal)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['الشروط والأحكام', 'سياسة الخصوصية', 'تواصل معنا']);
    expect(within(footer).getByText(contactEmail)).toHaveAttribute('dir', 'ltr');

    const buttons = screen.getAllByRole('button', { name: new RegExp(`^ابدأ محادثة مع ${productName}`) });
    expect(buttons).toHaveLength(2);
    // In Arabic the second button sits on the right (the line's start).
    expect(buttons.map((button) => button.getAttribute('aria-label'))).toEqual([
      `ابدأ محادثة مع ${productName}، الزر الأيسر`,
      `ابدأ محادثة مع ${productName}، الزر الأيمن`,
    ]);
    vi.useFakeTimers();
    fireEvent.click(buttons[0]!);
    act(() => {
      vi.advanceTimersByTime(2000);
    });
    const dialog = screen.getByRole('dialog', { name: productName });
    expect(dialog.querySelector('.chat-widget__message-text')?.textContent).toBe(
      `أهلًا بك!\nكيف يمكننا مساعدتك؟\nاسألنا عن أي شيء يخص \u2068${productName.replace(/ /g, '\u00a0')}\u2069.`,
    );
    expect(document.body).not.toHaveTextContent(/Skip to content|All rights reserved|Chat with us/);
  });
});
