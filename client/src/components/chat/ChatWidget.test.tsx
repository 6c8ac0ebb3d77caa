import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChatWidget, type ChatWidgetProps } from './ChatWidget';
import { formatMessageTime } from './chatWidgetState';
import { setTestLocale } from '../../test/locale';

const PHONE = '201000000000';

function renderWidget(props: Partial<ChatWidgetProps> = {}) {
  const utils = render(<ChatWidget phoneNumber={PHONE} {...props} />);
  const button = screen.getByRole('button', { name: `Open chat with ${props.accountName ?? 'Account Name'}` });
  return { ...utils, button };
}

function advance(seconds: number) {
  act(() => {
    vi.advanceTimersByTime(seconds * 1000);
  });
}

function openChat(button: HTMLElement) {
  fireEvent.click(button);
  return screen.getByRole('dialog');
}

/** The chat box whether open or not (a closed box is hidden from the accessibility tree). */
function chatBox(container: HTMLElement): HTMLElement {
  const box = container.querySelector<HTMLElement>('.chat-widget__box');
  if (!box) throw new Error('no chat box');
  return box;
}

function badge() {
  return screen.queryByTestId('chat-notification');
}

beforeEach(() => {
  vi.useFakeTimers();
  // 09:05 local time: the widget "loads" now.
  vi.setSystemTime(new Date(2024, 5, 18, 9, 5, 0));
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('ChatWidget defaults', () => {
  it('renders the spec defaults', () => {
    const { button, container } = renderWidget();
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(chatBox(container)).toHaveStyle({ height: '0px' });
    expect(badge()).not.toBeInTheDocument();
    expect(container.firstElementChild).toHaveClass('chat-widget');
    expect(container.firstElementChild).not.toHaveClass('chat-widget--dark');

    const dialog = openChat(button);
    expect(dialog).toHaveAccessibleName('Account Name');
    expect(dialog).toHaveStyle({ height: '320px' });
    expect(within(dialog).getByText('Typically replies within 1 hour')).toBeInTheDocument();
    const avatar = dialog.querySelector('img');
    expect(avatar).toHaveAttribute('width', '60');
    expect(avatar).toHaveAttribute('height', '60');
    expect(within(dialog).getByRole('button', { name: 'Close chat' })).toBeInTheDocument();
    const input = within(dialog).getByLabelText('Message');
    expect(input).toHaveAttribute('placeholder', 'Type a message..');
    expect(input).toHaveValue('');

    advance(2);
    const text = dialog.querySelector('.chat-widget__message-text');
    expect(text?.textContent).toBe('Hello there!\nHow can we help?');
  });

  it('applies the given texts, sizes, classes and styles', () => {
    const { button, container } = renderWidget({
      accountName: 'M3U Player',
      statusMessage: 'Online',
      chatMessage: 'Ask us about M3U Player',
      placeholder: 'Your question',
      avatar: '/favicon.svg',
      chatboxHeight: 400,
      darkMode: true,
      className: 'chat-widget--left',
      style: { zIndex: 7 },
      buttonClassName: 'my-button',
      buttonStyle: { color: 'rgb(1, 2, 3)' },
      chatboxClassName: 'my-box',
      chatboxStyle: { borderRadius: '3px' },
    });
    const root = container.firstElementChild;
    expect(root).toHaveClass('chat-widget', 'chat-widget--dark', 'chat-widget--left');
    expect(root).toHaveStyle({ zIndex: '7' });
    expect(button).toHaveClass('chat-widget__button', 'my-button');
    expect(button).toHaveStyle({ color: 'rgb(1, 2, 3)' });
    expect(chatBox(container)).toHaveClass('my-box');
    expect(chatBox(container)).toHaveStyle({ height: '0px', borderRadius: '3px' });

    const dialog = openChat(button);
    expect(dialog).toHaveAccessibleName('M3U Player');
    expect(dialog).toHaveStyle({ height: '400px' });
    expect(dialog.querySelector('img')).toHaveAttribute('src', '/favicon.svg');
    expect(within(dialog).getByText('Online')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Message')).toHaveAttribute('placeholder', 'Your question');
    advance(2);
    expect(within(dialog).getByText('Ask us about M3U Player')).toBeInTheDocument();
  });
});

describe('opening and closing', () => {
  it('opens on the button and closes on the close control, calling onClick and onClose', () => {
    const onClick = vi.fn();
    const onClose = vi.fn();
    const { button, container } = renderWidget({ onClick, onClose });

    const dialog = openChat(button);
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(onClick.mock.calls[0]?.[0]).toHaveProperty('type', 'click');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(onClose).not.toHaveBeenCalled();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Close chat' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(chatBox(container)).toHaveStyle({ height: '0px' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  it('shows a typing indicator for messageDelay seconds, then the message with the time the widget loaded', () => {
    const { button } = renderWidget();
    // Opened three minutes after loading: the stamp still shows the loading time.
    advance(180);
    const dialog = openChat(button);
    expect(within(dialog).getByRole('status', { name: 'Account Name is typing' })).toBeInTheDocument();
    expect(within(dialog).queryByText(/How can we help\?/)).not.toBeInTheDocument();

    advance(1.9);
    expect(within(dialog).queryByText(/How can we help\?/)).not.toBeInTheDocument();

    advance(0.1);
    expect(within(dialog).queryByRole('status')).not.toBeInTheDocument();
    expect(within(dialog).getByText(/How can we help\?/)).toBeInTheDocument();
    const time = dialog.querySelector('time');
    expect(time?.textContent).toBe(formatMessageTime(new Date(2024, 5, 18, 9, 5, 0)));
    expect(time?.textContent).toMatch(/\b09:05\b/);
  });

  it('honours a custom messageDelay', () => {
    const { button } = renderWidget({ messageDelay: 5 });
    const dialog = openChat(button);
    advance(4.9);
    expect(within(dialog).getByRole('status')).toBeInTheDocument();
    advance(0.1);
    expect(within(dialog).getByText(/How can we help\?/)).toBeInTheDocument();
  });

  it('ignores clicks elsewhere and Escape by default', () => {
    const onClose = vi.fn();
    const { button } = renderWidget({ onClose });
    openChat(button);
    fireEvent.click(document.body);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('closes on a click elsewhere when allowClickAway is set', () => {
    const onClose = vi.fn();
    const { button } = renderWidget({ allowClickAway: true, onClose });
    // A click while closed changes nothing.
    fireEvent.click(document.body);
    expect(onClose).not.toHaveBeenCalled();

    openChat(button);
    fireEvent.click(document.body);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('closes on Escape when allowEsc is set', () => {
    const onClose = vi.fn();
    const { button } = renderWidget({ allowEsc: true, onClose });
    openChat(button);
    fireEvent.keyDown(document, { key: 'Enter' });
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('does not let clicks inside the chat box propagate or close it', () => {
    const onClose = vi.fn();
    const { button } = renderWidget({ allowClickAway: true, onClose });
    const dialog = openChat(button);
    const documentClicks = vi.fn();
    document.addEventListener('click', documentClicks);
    try {
      fireEvent.click(dialog);
      fireEvent.click(within(dialog).getByLabelText('Message'));
      fireEvent.click(within(dialog).getByText('Typically replies within 1 hour'));
    } finally {
      document.removeEventListener('click', documentClicks);
    }
    expect(documentClicks).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('notifications', () => {
  it('shows the badge every notificationDelay seconds and stops once the chat is opened', () => {
    const onNotification = vi.fn();
    const { button } = renderWidget({ onNotification });
    advance(59);
    expect(badge()).not.toBeInTheDocument();
    expect(onNotification).not.toHaveBeenCalled();

    advance(1);
    expect(badge()).toHaveTextContent(/^1$/);
    expect(onNotification).toHaveBeenCalledTimes(1);
    advance(60);
    expect(onNotification).toHaveBeenCalledTimes(2);

    openChat(button);
    expect(badge()).not.toBeInTheDocument();
    advance(600);
    expect(onNotification).toHaveBeenCalledTimes(2);
    expect(badge()).not.toBeInTheDocument();
  });

  it('uses notificationDelay, notificationStyle and notificationClassName', () => {
    const onNotification = vi.fn();
    renderWidget({
      onNotification,
      notificationDelay: 15,
      notificationClassName: 'my-badge',
      notificationStyle: { color: 'rgb(4, 5, 6)' },
    });
    advance(14);
    expect(badge()).not.toBeInTheDocument();
    advance(1);
    expect(badge()).toHaveClass('chat-widget__badge', 'my-badge');
    expect(badge()).toHaveStyle({ color: 'rgb(4, 5, 6)' });
    expect(onNotification).toHaveBeenCalledTimes(1);
  });

  it('counts ticks with notificationLoop, plays the sound from the start, then stops and calls onLoopDone', () => {
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    const seek = vi.spyOn(HTMLMediaElement.prototype, 'currentTime', 'set');
    const onNotification = vi.fn();
    const onLoopDone = vi.fn();
    renderWidget({
      notificationDelay: 10,
      notificationLoop: 3,
      notificationSound: true,
      notificationSoundSrc: '/ding.wav',
      onNotification,
      onLoopDone,
    });

    advance(10);
    expect(onNotification).toHaveBeenCalledTimes(1);
    expect(play).toHaveBeenCalledTimes(1);
    const audio = play.mock.contexts[0] as HTMLMediaElement;
    expect(audio.getAttribute('src')).toBe('/ding.wav');
    expect(seek).toHaveBeenLastCalledWith(0);
    expect(seek.mock.invocationCallOrder[0]).toBeLessThan(play.mock.invocationCallOrder[0] ?? 0);

    advance(10);
    expect(onLoopDone).not.toHaveBeenCalled();
    advance(10);
    expect(onNotification).toHaveBeenCalledTimes(3);
    expect(play).toHaveBeenCalledTimes(3);
    expect(seek).toHaveBeenCalledTimes(3);
    expect(onLoopDone).toHaveBeenCalledTimes(1);
    expect(badge()).toBeInTheDocument();

    advance(300);
    expect(onNotification).toHaveBeenCalledTimes(3);
    expect(play).toHaveBeenCalledTimes(3);
    expect(onLoopDone).toHaveBeenCalledTimes(1);
  });

  it('plays no sound without notificationSound, and never stops or counts with notificationLoop 0', () => {
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    const onNotification = vi.fn();
    const onLoopDone = vi.fn();
    const { unmount } = renderWidget({ notificationDelay: 10, notificationLoop: 2, onNotification, onLoopDone });
    advance(20);
    expect(onLoopDone).toHaveBeenCalledTimes(1);
    expect(play).not.toHaveBeenCalled();
    unmount();

    onNotification.mockClear();
    renderWidget({ notificationDelay: 10, notificationSound: true, onNotification, onLoopDone });
    advance(100);
    expect(onNotification).toHaveBeenCalledTimes(10);
    expect(onLoopDone).toHaveBeenCalledTimes(1);
    expect(play).not.toHaveBeenCalled();
  });

  it('shows no badge when notification is off', () => {
    const onNotification = vi.fn();
    renderWidget({ notification: false, notificationDelay: 10, onNotification });
    advance(600);
    expect(badge()).not.toBeInTheDocument();
    expect(onNotification).not.toHaveBeenCalled();
  });

  it('logs the exact error and starts no timer when notificationDelay is under 10 seconds', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const onNotification = vi.fn();
    renderWidget({ notificationDelay: 9, onNotification });
    expect(error).toHaveBeenCalledWith('notificationDelay prop value must be at least 10 seconds.');
    advance(3600);
    expect(badge()).not.toBeInTheDocument();
    expect(onNotification).not.toHaveBeenCalled();
  });
});

describe('sending a message', () => {
  it('sends nothing for an empty or blank message', () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const onSubmit = vi.fn();
    const { button } = renderWidget({ onSubmit });
    const dialog = openChat(button);
    const send = within(dialog).getByRole('button', { name: 'Send message' });

    fireEvent.click(send);
    fireEvent.change(within(dialog).getByLabelText('Message'), { target: { value: '   ' } });
    fireEvent.click(send);
    expect(open).not.toHaveBeenCalled();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('opens the messaging app send link in a new tab, calls onSubmit and clears the input', () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const onSubmit = vi.fn();
    const { button } = renderWidget({ phoneNumber: '+20 100-000-0000', onSubmit });
    const dialog = openChat(button);
    const input = within(dialog).getByLabelText('Message');

    fireEvent.change(input, { target: { value: '  Is there a free trial & a refund?  ' } });
    fireEvent.submit(input);

    expect(open).toHaveBeenCalledTimes(1);
    expect(open).toHaveBeenCalledWith(
      'https://wa.me/201000000000?text=Is%20there%20a%20free%20trial%20%26%20a%20refund%3F',
      '_blank',
      'noopener,noreferrer',
    );
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.calls[0]?.[1]).toBe('Is there a free trial & a refund?');
    expect(input).toHaveValue('');
  });

  it('sends with the send button too', () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const { button } = renderWidget();
    const dialog = openChat(button);
    fireEvent.change(within(dialog).getByLabelText('Message'), { target: { value: 'Hello' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send message' }));
    expect(open).toHaveBeenCalledWith(`https://wa.me/${PHONE}?text=Hello`, '_blank', 'noopener,noreferrer');
  });
});

describe('in Arabic', () => {
  it('says its defaults, labels and time in Arabic, the account name isolated in its own direction', async () => {
    await setTestLocale('ar');
    render(<ChatWidget phoneNumber={PHONE} />);
    const button = screen.getByRole('button', { name: 'ابدأ محادثة مع اسم الحساب' });
    const dialog = openChat(button);
    expect(dialog).toHaveAccessibleName('اسم الحساب');
    expect(within(dialog).getByText('نردّ عادةً خلال ساعة')).toBeInTheDocument();
    expect(within(dialog).getByRole('status', { name: 'اسم الحساب يكتب الآن' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'إغلاق المحادثة' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'إرسال الرسالة' })).toBeInTheDocument();
    expect(within(dialog).getByLabelText('الرسالة')).toHaveAttribute('placeholder', 'اكتب رسالة…');
    advance(2);
    expect(dialog.querySelector('.chat-widget__message-text')?.textContent).toBe('أهلًا بك!\nكيف يمكننا مساعدتك؟');
    expect(dialog.querySelector('.chat-widget__message-author bdi')).toHaveTextContent('اسم الحساب');
    // Latin digits, as everywhere on the site.
    expect(dialog.querySelector('time')?.textContent).toMatch(/^0?9:05/);
  });

  it('keeps a given account name as it is', async () => {
    await setTestLocale('ar');
    render(<ChatWidget phoneNumber={PHONE} accountName="M3U Player" />);
    const dialog = openChat(screen.getByRole('button', { name: 'ابدأ محادثة مع M3U Player' }));
    expect(dialog).toHaveAccessibleName('M3U Player');
  });
});
