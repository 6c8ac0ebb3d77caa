import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Swal from 'sweetalert2';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REQUEST_TIMEOUT_MS } from '../lib/requestTimeout';
import ContactPage from './ContactPage';
import { setTestLocale } from '../test/locale';

vi.mock('sweetalert2', () => ({ default: { fire: vi.fn(() => Promise.resolve({ isConfirmed: true })) } }));

const REQUIRED = [
  '* Name is required *',
  '* Email is required *',
  '* Subject is required *',
  '* Message is required *',
];
const SUCCESS = 'Thanks for contacting us, we have received your message.';
const FAILURE = 'Something went wrong, try again later.';

const filled = {
  name: 'Jane Viewer',
  email: 'jane@example.com',
  subject: 'Playlist will not load',
  message: 'My M3U playlist stops at 10%.',
};

const fetchMock = vi.fn<typeof fetch>();

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function renderContact() {
  const user = userEvent.setup();
  render(<ContactPage />);
  const fields = {
    name: screen.getByLabelText('Name'),
    email: screen.getByLabelText('Email'),
    subject: screen.getByLabelText('Subject'),
    message: screen.getByLabelText('Message'),
  };
  return {
    user,
    fields,
    submitButton: () => screen.getByRole('button', { name: /Send Message|Sending…/ }),
    submit: () => user.click(screen.getByRole('button', { name: 'Send Message' })),
    fillAll: async (values: typeof filled = filled) => {
      for (const key of Object.keys(fields) as (keyof typeof fields)[]) {
        await user.type(fields[key], values[key]);
      }
    },
  };
}

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  vi.mocked(Swal.fire).mockClear();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ContactPage', () => {
  it('shows the heading, the mail and phone links and the message card', async () => {
    renderContact();
    expect(screen.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /support@m3uplayer\.example/ })).toHaveAttribute(
      'href',
      'mailto:support@m3uplayer.example',
    );
    expect(screen.getByRole('link', { name: /\+20 100 000 0000/ })).toHaveAttribute('href', 'tel:+201000000000');
    expect(screen.getByRole('heading', { level: 2, name: 'Send Us a Message' })).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Send Us a Message' })).toHaveAttribute('novalidate');
    expect(screen.getByLabelText('Message').tagName).toBe('TEXTAREA');
    await waitFor(() => expect(document.title).toBe('M3U Player | Contact Us'));
  });

  it('checks every field on submit and sends nothing when they are empty', async () => {
    const { fields, submit } = renderContact();
    for (const message of REQUIRED) expect(screen.queryByText(message)).not.toBeInTheDocument();

    await submit();

    for (const message of REQUIRED) expect(await screen.findByText(message)).toBeInTheDocument();
    expect(fields.name).toHaveAttribute('aria-invalid', 'true');
    expect(fields.name).toHaveAccessibleDescription('* Name is required *');
    expect(fields.email).toHaveAccessibleDescription('* Email is required *');
    expect(fields.subject).toHaveAccessibleDescription('* Subject is required *');
    expect(fields.message).toHaveAccessibleDescription('* Message is required *');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(Swal.fire).not.toHaveBeenCalled();
  });

  it('treats a blank field as empty', async () => {
    const { fillAll, submit } = renderContact();
    await fillAll({ ...filled, subject: '   ' });
    await submit();
    expect(await screen.findByText('* Subject is required *')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('rejects an invalid e-mail address', async () => {
    const { fields, fillAll, submit } = renderContact();
    await fillAll({ ...filled, email: 'jane@example' });
    await submit();
    expect(await screen.findByText('* Invalid Email Address *')).toBeInTheDocument();
    expect(fields.email).toHaveAccessibleDescription('* Invalid Email Address *');
    expect(screen.queryByText('* Email is required *')).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("hides a field's error as soon as that field changes, and only that one", async () => {
    const { user, fields, submit } = renderContact();
    await submit();
    expect(await screen.findByText('* Name is required *')).toBeInTheDocument();

    await user.type(fields.name, 'J');

    expect(screen.queryByText('* Name is required *')).not.toBeInTheDocument();
    expect(fields.name).not.toHaveAttribute('aria-invalid');
    expect(screen.getByText('* Email is required *')).toBeInTheDocument();
    expect(screen.getByText('* Subject is required *')).toBeInTheDocument();
    expect(screen.getByText('* Message is required *')).toBeInTheDocument();
  });

  it("gives a field the 'filled' class while it is not empty", async () => {
    const { user, fields } = renderContact();
    expect(fields.subject).not.toHaveClass('filled');
    await user.type(fields.subject, 'Hi');
    expect(fields.subject).toHaveClass('filled');
    expect(fields.name).not.toHaveClass('filled');
    await user.type(fields.message, 'x');
    expect(fields.message).toHaveClass('filled');
    await user.clear(fields.subject);
    expect(fields.subject).not.toHaveClass('filled');
  });

  it('sends the message once, thanks the visitor and clears every field on a 200 answer', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { status: 'success', message: SUCCESS }));
    const { fields, fillAll, submit } = renderContact();
    await fillAll();
    await submit();

    await waitFor(() =>
      expect(Swal.fire).toHaveBeenCalledWith(
        expect.objectContaining({ icon: 'success', title: SUCCESS, confirmButtonColor: '#000' }),
      ),
    );
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledWith('/frontend/sendUserQuestion', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': 'en' },
      credentials: 'same-origin',
      body: expect.any(String),
      signal: expect.any(AbortSignal),
    });
    const init = fetchMock.mock.calls[0]![1]!;
    expect(JSON.parse(init.body as string)).toEqual(filled);
    for (const field of Object.values(fields)) {
      expect(field).toHaveValue('');
      expect(field).not.toHaveClass('filled');
    }
    expect(Swal.fire).toHaveBeenCalledTimes(1);
  });

  it("shows the error dialog with the server's message and keeps the fields on a 429 answer", async () => {
    const limit = 'Too many messages from this address. Try again in an hour.';
    fetchMock.mockResolvedValue(jsonResponse(429, { status: 'error', message: limit }));
    const { fields, fillAll, submit } = renderContact();
    await fillAll();
    await submit();

    await waitFor(() =>
      expect(Swal.fire).toHaveBeenCalledWith({
        icon: 'error',
        title: FAILURE,
        text: limit,
        confirmButtonColor: '#000',
      }),
    );
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fields.name).toHaveValue(filled.name);
    expect(fields.email).toHaveValue(filled.email);
    expect(fields.subject).toHaveValue(filled.subject);
    expect(fields.message).toHaveValue(filled.message);
    expect(Swal.fire).not.toHaveBeenCalledWith(expect.objectContaining({ icon: 'success' }));
  });

  it('shows the error dialog and keeps the fields when the request fails', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const { fields, fillAll, submit } = renderContact();
    await fillAll();
    await submit();

    await waitFor(() =>
      expect(Swal.fire).toHaveBeenCalledWith(
        expect.objectContaining({ icon: 'error', title: FAILURE, confirmButtonColor: '#000' }),
      ),
    );
    expect(vi.mocked(Swal.fire).mock.calls[0]![0]).not.toHaveProperty('text', expect.any(String));
    expect(fields.name).toHaveValue(filled.name);
    expect(fields.email).toHaveValue(filled.email);
    expect(fields.subject).toHaveValue(filled.subject);
    expect(fields.message).toHaveValue(filled.message);
  });

  it.each([
    ['a 502 answer that is not JSON', () => new Response('<html>Bad gateway</html>', { status: 502 })],
    // Only 200 means the message was stored.
    ['a 201 answer', () => jsonResponse(201, { status: 'success' })],
  ])('shows the error dialog without text and keeps the fields on %s', async (_case, response) => {
    fetchMock.mockResolvedValue(response());
    const { fields, fillAll, submit } = renderContact();
    await fillAll();
    await submit();

    await waitFor(() =>
      expect(Swal.fire).toHaveBeenCalledWith(expect.objectContaining({ icon: 'error', title: FAILURE })),
    );
    expect(vi.mocked(Swal.fire).mock.calls[0]![0]).not.toHaveProperty('text', expect.any(String));
    expect(fields.message).toHaveValue(filled.message);
  });

  it('is busy while the message is being sent, and not before or after', async () => {
    let answer!: (response: Response) => void;
    fetchMock.mockReturnValue(new Promise<Response>((resolve) => (answer = resolve)));
    const { fillAll, submit, submitButton } = renderContact();
    await fillAll();
    expect(submitButton()).toBeEnabled();
    expect(submitButton()).toHaveAttribute('aria-busy', 'false');

    await submit();

    await waitFor(() => expect(submitButton()).toHaveTextContent('Sending…'));
    expect(submitButton()).toBeDisabled();
    expect(submitButton()).toHaveAttribute('aria-busy', 'true');
    expect(Swal.fire).not.toHaveBeenCalled();

    answer(jsonResponse(200, { status: 'success', message: SUCCESS }));

    await waitFor(() => expect(submitButton()).toHaveTextContent('Send Message'));
    expect(submitButton()).toBeEnabled();
    expect(submitButton()).toHaveAttribute('aria-busy', 'false');
    expect(Swal.fire).toHaveBeenCalledWith(expect.objectContaining({ icon: 'success', title: SUCCESS }));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
  it('gives up on an answer that does not come within 30 seconds: the request aborted, the error dialog, the fields kept', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      let signal: AbortSignal | undefined;
      // A stalled connection: nothing comes back until the request is aborted.
      fetchMock.mockImplementation(
        (_url, init) =>
          new Promise<Response>((_resolve, reject) => {
            signal = init?.signal ?? undefined;
            signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          }),
      );
      const { fields, fillAll, submit, submitButton } = renderContact();
      await fillAll();
      await submit();
      await waitFor(() => expect(submitButton()).toHaveTextContent('Sending…'));

      await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1_000);
      expect(signal?.aborted).toBe(false);
      expect(submitButton()).toHaveTextContent('Sending…');
      expect(Swal.fire).not.toHaveBeenCalled();

      await vi.advanceTimersByTimeAsync(1_000);
      expect(signal?.aborted).toBe(true);
      await waitFor(() =>
        expect(Swal.fire).toHaveBeenCalledWith(expect.objectContaining({ icon: 'error', title: FAILURE })),
      );
      expect(submitButton()).toHaveTextContent('Send Message');
      expect(submitButton()).toBeEnabled();
      expect(fields.name).toHaveValue(filled.name);
      expect(fields.email).toHaveValue(filled.email);
      expect(fields.subject).toHaveValue(filled.subject);
      expect(fields.message).toHaveValue(filled.message);
      expect(fetchMock).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('leaves no timer behind once the answer has come', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      fetchMock.mockResolvedValue(jsonResponse(200, { status: 'success', message: SUCCESS }));
      const { fillAll, submit } = renderContact();
      await fillAll();
      await submit();
      await waitFor(() => expect(Swal.fire).toHaveBeenCalledWith(expect.objectContaining({ icon: 'success' })));
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('reads in Arabic, its messages and dialog in Arabic and the addresses left to right', async () => {
    await setTestLocale('ar');
    fetchMock.mockResolvedValue(jsonResponse(500, {}));
    const user = userEvent.setup();
    render(<ContactPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'تواصل معنا' })).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'أرسل إلينا رسالة' })).toBeInTheDocument();
    const email = screen.getByLabelText('البريد الإلكتروني');
    expect(email).toHaveAttribute('dir', 'ltr');
    expect(email).toHaveAttribute('placeholder', 'you@example.com');
    expect(screen.getByLabelText('الاسم')).toHaveAttribute('placeholder', 'اسمك');
    expect(screen.getByLabelText('الرسالة').tagName).toBe('TEXTAREA');
    const mail = screen.getByRole('link', { name: /support@m3uplayer\.example/ });
    expect(mail).toHaveTextContent('البريد الإلكتروني');
    expect(within(mail).getByText('support@m3uplayer.example')).toHaveAttribute('dir', 'ltr');
    expect(within(screen.getByRole('link', { name: /\+20 100 000 0000/ })).getByText('+20 100 000 0000').tagName).toBe(
      'BDI',
    );

    // The shared validation messages arrive in English and are shown in Arabic.
    await user.click(screen.getByRole('button', { name: 'إرسال الرسالة' }));
    const errors = await screen.findAllByText(/مطلوب/);
    expect(errors).toHaveLength(4);
    expect(document.body).not.toHaveTextContent(/is required/);

    for (const [label, value] of [
      ['الاسم', 'Jane'],
      ['البريد الإلكتروني', 'jane@example.com'],
      ['الموضوع', 'Hello'],
      ['الرسالة', 'Hi'],
    ] as const) {
      await user.type(screen.getByLabelText(label), value);
    }
    await user.click(screen.getByRole('button', { name: 'إرسال الرسالة' }));
    // The title, a shared message, in Arabic; the button named in Arabic.
    await waitFor(() =>
      expect(Swal.fire).toHaveBeenCalledWith(
        expect.objectContaining({
          icon: 'error',
          title: expect.stringMatching(/^[^A-Za-z]*[\u0600-\u06FF][^A-Za-z]*$/),
          confirmButtonText: 'حسنًا',
        }),
      ),
    );
    // The server is asked to answer in the page's language, whatever the browser's is.
    expect(fetchMock.mock.calls[0]![1]!.headers).toMatchObject({ 'accept-language': 'ar' });
  });
});
