import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { isDeepStrictEqual } from 'node:util';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import Swal from 'sweetalert2';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../../common/messages';
import { UserProvider } from '../hooks/useUser';
import { HandsOverToPortal } from '../lib/handOver';
import { SIGN_IN_STATE_ELEMENT_ID, forgetSignInState } from '../lib/signInState';
import { buildDevice } from '../test/factories';
import { setTestLocale } from '../test/locale';
import ar from '../../../lang/ar.json';
import SignInPage from './SignInPage';

vi.mock('sweetalert2', () => ({ default: { fire: vi.fn(() => Promise.resolve({ isConfirmed: true })) } }));

/**
 * One answer of the graph, as the screen's requests receive it over fetch (POST /graphql, the operation named):
 * `result` is the JSON body sent back, `error` a request that never got an answer. Each answers one request, in
 * order, and only a request with the same variables when they are given (as Apollo's MockedProvider did).
 */
interface GraphAnswer {
  operation: 'CurrentDevice' | 'Captcha' | 'Login';
  variables?: Record<string, unknown>;
  result?: { data?: unknown; errors?: { message: string; extensions?: Record<string, unknown> }[] };
  error?: Error;
}

const noSession: GraphAnswer = { operation: 'CurrentDevice', result: { data: { currentDevice: null } } };
const signedIn: GraphAnswer = { operation: 'CurrentDevice', result: { data: { currentDevice: buildDevice() } } };

function captchaMock(n: number): GraphAnswer {
  return {
    operation: 'Captcha',
    result: { data: { captcha: { __typename: 'Captcha', svg: `<svg id="captcha-${n}"></svg>`, token: `token-${n}` } } },
  };
}

/** Answers the screen's GraphQL requests from `answers`; returns the requests it received. */
function mockGraph(answers: GraphAnswer[]) {
  const pending = [...answers];
  const requests: { operationName: string; variables: Record<string, unknown>; headers: Headers }[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (url, init) => {
    expect(String(url)).toBe('/graphql');
    const body = JSON.parse(String(init?.body)) as { operationName: string; variables: Record<string, unknown> };
    requests.push({ ...body, headers: new Headers(init?.headers) });
    const index = pending.findIndex(
      (answer) =>
        answer.operation === body.operationName &&
        (!answer.variables || isDeepStrictEqual(answer.variables, body.variables)),
    );
    if (index < 0) throw new Error(`No answer left for ${body.operationName} ${JSON.stringify(body.variables)}`);
    const [answer] = pending.splice(index, 1);
    if (answer!.error) throw answer!.error;
    return new Response(JSON.stringify(answer!.result), { headers: { 'content-type': 'application/json' } });
  });
  return requests;
}

const validInput = {
  macAddress: 'a1:b2:c3:d4:e5:f6',
  deviceKey: '123456',
  captcha: 'ABCD',
  captchaToken: 'token-1',
};

/** The graph accepting a sign-in sent with `input`: 'Welcome back!' and the device. */
function loginAccepted(input: Record<string, string> = validInput): GraphAnswer {
  return {
    operation: 'Login',
    variables: { input },
    result: { data: { login: { __typename: 'LoginPayload', message: 'Welcome back!', device: buildDevice() } } },
  };
}

/** The dashboard, with the payment outcome it was handed (if any). */
function DashboardReached() {
  const state = useLocation().state as { flash?: { message: string }; signedIn?: string } | null;
  const flash = state?.flash;
  return (
    <p>
      Dashboard reached{flash ? ` with "${flash.message}"` : ''}
      {state?.signedIn ? ` with welcome "${state.signedIn}"` : ''}
    </p>
  );
}

function LinkReached() {
  return <p>Link page reached with {new URLSearchParams(useLocation().search).get('code')}</p>;
}

function renderSignIn(
  answers: GraphAnswer[],
  path: string | { pathname: string; state: unknown } = '/device/login',
  { handsOver = false }: { handsOver?: boolean } = {},
) {
  const user = userEvent.setup();
  const requests = mockGraph(answers);
  const { unmount } = render(
    <HandsOverToPortal.Provider value={handsOver}>
      <UserProvider>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/device/login" element={<SignInPage />} />
            <Route path="/dashboard" element={<DashboardReached />} />
            <Route path="/dashboard/active-device" element={<p>Activate Device reached</p>} />
            <Route path="/link" element={<LinkReached />} />
          </Routes>
        </MemoryRouter>
      </UserProvider>
    </HandsOverToPortal.Provider>,
  );
  const fields = {
    mac: screen.getByLabelText('MAC Address'),
    key: screen.getByLabelText('Device Key'),
    captcha: screen.getByLabelText('Captcha'),
  };
  const submit = () => user.click(screen.getByRole('button', { name: 'Login' }));
  return {
    requests,
    unmount,
    user,
    ...fields,
    submit,
    /** Types the valid sign-in (as `validInput`, the MAC in capitals and unseparated) and presses Login. */
    async signInValidly() {
      await user.type(fields.mac, 'A1B2C3D4E5F6');
      await user.type(fields.key, '123456');
      await user.type(fields.captcha, 'abcd');
      await submit();
    },
  };
}

/** Waits until the captcha picture is the n-th one the server sent. */
function captchaImageFor(n: number) {
  const src = 'data:image/svg+xml;charset=utf-8,' + encodeURIComponent(`<svg id="captcha-${n}"></svg>`);
  return waitFor(() => expect(screen.getByRole('img', { name: 'Captcha' })).toHaveAttribute('src', src));
}

beforeEach(() => {
  vi.mocked(Swal.fire).mockClear();
});

afterEach(() => {
  vi.restoreAllMocks();
  forgetSignInState();
});

describe('SignInPage', () => {
  it('shows the headings and a captcha from the server', async () => {
    renderSignIn([noSession, captchaMock(1)]);
    expect(screen.getByRole('heading', { name: 'Manage Your Playlist' })).toBeInTheDocument();
    expect(screen.getByText('Do It Simply Wherever You Go')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Login to add your playlist' })).toBeInTheDocument();
    await captchaImageFor(1);
    expect(document.title).toBe('Device Login | M3U Player');
  });

  it('says when the captcha could not load, and loads one on Try again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = renderSignIn([
      noSession,
      { operation: 'Captcha', error: new TypeError('Failed to fetch') },
      captchaMock(2),
    ]);
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load the captcha. Try again');
    expect(screen.queryByText('Loading captcha…')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await captchaImageFor(2);
    expect(screen.queryByText('Could not load the captcha.', { exact: false })).toBeNull();
  });

  it('shows no error before the form is submitted', async () => {
    const { user, mac } = renderSignIn([noSession, captchaMock(1)]);
    await user.type(mac, 'a1');
    await captchaImageFor(1);
    expect(screen.queryByText(messages.mac.invalid)).not.toBeInTheDocument();
    expect(mac).not.toHaveAttribute('aria-invalid');
  });

  it('requires the MAC address and the device key', async () => {
    const { mac, key, submit } = renderSignIn([noSession, captchaMock(1)]);
    await captchaImageFor(1);
    await submit();
    expect(await screen.findByText(messages.mac.required)).toBeInTheDocument();
    expect(screen.getByText(messages.loginDeviceKey.required)).toBeInTheDocument();
    expect(mac).toHaveAttribute('aria-invalid', 'true');
    expect(mac).toHaveAccessibleDescription(messages.mac.required);
    expect(key).toHaveAccessibleDescription(messages.loginDeviceKey.required);
    // The owner is put back into the first field to mend.
    expect(mac).toHaveFocus();
  });

  it('puts the owner into the first wrong field, in the order of the form', async () => {
    const { user, mac, key, captcha, submit } = renderSignIn([noSession, captchaMock(1)]);
    await captchaImageFor(1);
    await user.type(mac, 'a1b2c3d4e5f6');
    await user.type(key, '12');
    await submit();
    expect(await screen.findByText(messages.loginDeviceKey.invalid)).toBeInTheDocument();
    expect(key).toHaveFocus();
    await user.clear(key);
    await user.type(key, '123456');
    await submit();
    expect(await screen.findByText(messages.captcha.required)).toBeInTheDocument();
    expect(captcha).toHaveFocus();
  });

  it('rejects a MAC address that is not 17 characters', async () => {
    const { user, mac, key, submit } = renderSignIn([noSession, captchaMock(1)]);
    await user.click(mac);
    await user.paste('a1b2c3d4e5');
    expect(mac).toHaveValue('a1b2c3d4e5');
    await user.type(key, '123456');
    await submit();
    expect(await screen.findByText(messages.mac.invalid)).toBeInTheDocument();
    expect(screen.queryByText(messages.loginDeviceKey.invalid)).not.toBeInTheDocument();
  });

  it('rejects a device key that is not 6 digits', async () => {
    const { user, mac, key, submit } = renderSignIn([noSession, captchaMock(1)]);
    await user.type(mac, 'a1b2c3d4e5f6');
    await user.type(key, '1234');
    await submit();
    expect(await screen.findByText(messages.loginDeviceKey.invalid)).toBeInTheDocument();
    expect(screen.queryByText(messages.mac.invalid)).not.toBeInTheDocument();
    expect(screen.queryByText(messages.mac.required)).not.toBeInTheDocument();
  });

  it("hides a field's error as soon as that field changes, and only that one", async () => {
    const { user, mac, submit } = renderSignIn([noSession, captchaMock(1)]);
    await submit();
    expect(await screen.findByText(messages.mac.required)).toBeInTheDocument();
    await user.type(mac, 'a');
    expect(screen.queryByText(messages.mac.required)).not.toBeInTheDocument();
    // Still invalid, but the message waits for the next submit.
    expect(screen.queryByText(messages.mac.invalid)).not.toBeInTheDocument();
    expect(screen.getByText(messages.loginDeviceKey.required)).toBeInTheDocument();
  });

  it('shows the banner and the server message when the login fails, then asks for a new captcha', async () => {
    const serverMessage = 'The MAC address, device key or captcha is not correct.';
    const { signInValidly, captcha } = renderSignIn([
      noSession,
      captchaMock(1),
      {
        operation: 'Login',
        variables: { input: validInput },
        result: { errors: [{ message: serverMessage, extensions: { code: 'UNAUTHENTICATED' } }] },
      },
      captchaMock(2),
    ]);
    await captchaImageFor(1);
    await signInValidly();

    expect(await screen.findByRole('alert')).toHaveTextContent('Device information is incorrect');
    expect(Swal.fire).toHaveBeenCalledWith(
      expect.objectContaining({
        icon: 'error',
        title: 'Login failed.',
        text: serverMessage,
        confirmButtonColor: '#000',
      }),
    );
    await captchaImageFor(2);
    expect(captcha).toHaveValue('');
    expect(screen.queryByText('Dashboard reached')).not.toBeInTheDocument();
  });

  it('falls back to a generic message when the login fails without a server message', async () => {
    const { signInValidly } = renderSignIn([
      noSession,
      captchaMock(1),
      { operation: 'Login', variables: { input: validInput }, error: new TypeError('Network down') },
      captchaMock(2),
    ]);
    await captchaImageFor(1);
    await signInValidly();

    expect(await screen.findByRole('alert')).toHaveTextContent('Device information is incorrect');
    expect(Swal.fire).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Login failed.', text: 'Something went wrong logging in.' }),
    );
    await captchaImageFor(2);
  });

  it('signs in with a normalised MAC and an upper-cased captcha, shows the server message and opens the dashboard', async () => {
    const { signInValidly } = renderSignIn([noSession, captchaMock(1), loginAccepted()]);
    await captchaImageFor(1);
    await signInValidly();

    expect(await screen.findByText('Dashboard reached')).toBeInTheDocument();
    expect(Swal.fire).toHaveBeenCalledWith(expect.objectContaining({ icon: 'success', title: 'Welcome back!' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('sends one sign-in for two quick presses of Enter: the captcha answers one attempt', async () => {
    const { user, mac, key, captcha, requests } = renderSignIn([noSession, captchaMock(1), loginAccepted()]);
    await captchaImageFor(1);
    await user.type(mac, 'A1B2C3D4E5F6');
    await user.type(key, '123456');
    await user.type(captcha, 'abcd');
    const form = captcha.closest('form')!;
    fireEvent.submit(form);
    fireEvent.submit(form);
    expect(await screen.findByText('Dashboard reached')).toBeInTheDocument();
    expect(requests.filter((request) => request.operationName === 'Login')).toHaveLength(1);
  });

  it('says what became of a payment when the session ended during it, and hands it on to the dashboard', async () => {
    const flash = { message: messages.payment.pending, paymentStatus: 'success' };
    const { signInValidly } = renderSignIn([noSession, captchaMock(1), loginAccepted()], {
      pathname: '/device/login',
      state: { flash },
    });
    expect(await screen.findByText(/^Your session ended during the payment/)).toHaveTextContent(
      'Your session ended during the payment. Your device will be activated once the payment is confirmed. Sign in to see your device.',
    );
    await captchaImageFor(1);
    await signInValidly();
    expect(await screen.findByText(`Dashboard reached with "${messages.payment.pending}"`)).toBeInTheDocument();
  });

  it('goes back to the link page it was sent from, the code kept', async () => {
    const { signInValidly } = renderSignIn(
      [noSession, captchaMock(1), loginAccepted()],
      `/device/login?next=${encodeURIComponent('/link?code=BCDF-GHJK')}`,
    );
    await captchaImageFor(1);
    await signInValidly();
    expect(await screen.findByText('Link page reached with BCDF-GHJK')).toBeInTheDocument();
  });

  it('goes nowhere but the link page or the dashboard after signing in', async () => {
    renderSignIn([signedIn, captchaMock(1)], `/device/login?next=${encodeURIComponent('//evil.example/link')}`);
    expect(await screen.findByText('Dashboard reached')).toBeInTheDocument();
  });

  it('sends a signed-in device straight to the dashboard', async () => {
    renderSignIn([signedIn, captchaMock(1)]);
    expect(await screen.findByText('Dashboard reached')).toBeInTheDocument();
  });

  it("the header's ACTIVATE DEVICE link sends a signed-in owner on to Activate Device, and nowhere else", async () => {
    renderSignIn([signedIn, captchaMock(1)], {
      pathname: '/device/login',
      state: { next: '/dashboard/active-device' },
    });
    expect(await screen.findByText('Activate Device reached')).toBeInTheDocument();
  });

  it('goes to the dashboard when the state names a place it does not go', async () => {
    renderSignIn([signedIn, captchaMock(1)], { pathname: '/device/login', state: { next: '//evil.example/' } });
    expect(await screen.findByText('Dashboard reached')).toBeInTheDocument();
  });

  it('loads another captcha on request', async () => {
    const { user } = renderSignIn([noSession, captchaMock(1), captchaMock(2)]);
    await captchaImageFor(1);
    await user.click(screen.getByRole('button', { name: 'New captcha' }));
    await captchaImageFor(2);
  });

  it('logs a captcha that fails to load and says so in its place, without a dialog', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderSignIn([noSession, { operation: 'Captcha', error: new TypeError('Captcha service down') }]);
    await waitFor(() => expect(consoleError).toHaveBeenCalledWith('Could not load a captcha', expect.any(Error)));
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load the captcha.');
    expect(Swal.fire).not.toHaveBeenCalled();
  });

  describe('as the server sent it', () => {
    /** The block the server writes into the page it sends (server/src/http/page-renderer.ts). */
    function sentByServer(state: object) {
      const element = document.createElement('script');
      element.type = 'application/json';
      element.id = SIGN_IN_STATE_ELEMENT_ID;
      element.textContent = JSON.stringify(state);
      document.head.append(element);
    }

    it("uses the page's own captcha and asks the graph for none", async () => {
      sentByServer({ captcha: { svg: '<svg id="captcha-7"></svg>', token: 'token-7' } });
      const { requests } = renderSignIn([noSession]);
      await captchaImageFor(7);
      await waitFor(() => expect(requests.map((r) => r.operationName)).toEqual(['CurrentDevice']));
      // Posted as a plain form (before the script runs), the server reads the token from the form.
      expect(document.querySelector('input[type="hidden"][name="token"]')).toHaveValue('token-7');
      expect(document.querySelector('form')).toHaveAttribute('action', '/device/login');
      expect(document.querySelector('form')).toHaveAttribute('method', 'post');
    });

    it('signs in with the captcha the page came with', async () => {
      sentByServer({ captcha: { svg: '<svg id="captcha-7"></svg>', token: 'token-7' } });
      const { signInValidly } = renderSignIn([noSession, loginAccepted({ ...validInput, captchaToken: 'token-7' })]);
      await signInValidly();
      expect(await screen.findByText('Dashboard reached')).toBeInTheDocument();
    });

    it('after a refused form post, keeps the MAC address typed and says why', async () => {
      sentByServer({
        captcha: { svg: '<svg id="captcha-8"></svg>', token: 'token-8' },
        macAddress: 'a1:b2:c3:d4:e5:f6',
        error: 'The MAC address, device key or captcha is not correct.',
      });
      const { mac } = renderSignIn([noSession]);
      expect(mac).toHaveValue('a1:b2:c3:d4:e5:f6');
      expect(screen.getByRole('alert')).toHaveTextContent('Device information is incorrect');
      expect(screen.getByText(/^Login failed\./)).toHaveTextContent(
        'Login failed. The MAC address, device key or captcha is not correct.',
      );
      await captchaImageFor(8);
    });

    it('uses its captcha once: coming back to the screen brings a new one', async () => {
      sentByServer({ captcha: { svg: '<svg id="captcha-7"></svg>', token: 'token-7' } });
      const first = renderSignIn([noSession]);
      await captchaImageFor(7);
      first.unmount();
      vi.restoreAllMocks();
      renderSignIn([noSession, captchaMock(2)]);
      await captchaImageFor(2);
    });
  });

  it('under the public pages, leaves the welcome to the portal page it opens, in the history entry', async () => {
    const { signInValidly } = renderSignIn([noSession, captchaMock(1), loginAccepted()], '/device/login', {
      handsOver: true,
    });
    await captchaImageFor(1);
    await signInValidly();
    expect(await screen.findByText('Dashboard reached with welcome "Welcome back!"')).toBeInTheDocument();
    expect(Swal.fire).not.toHaveBeenCalled();
  });
});

describe('SignInPage in Arabic', () => {
  function renderArabic(answers: GraphAnswer[]) {
    const user = userEvent.setup();
    mockGraph(answers);
    render(
      <UserProvider>
        <MemoryRouter initialEntries={['/device/login']}>
          <Routes>
            <Route path="/device/login" element={<SignInPage />} />
            <Route path="/dashboard" element={<DashboardReached />} />
          </Routes>
        </MemoryRouter>
      </UserProvider>,
    );
    const fields = {
      mac: screen.getByLabelText('عنوان MAC'),
      key: screen.getByLabelText('مفتاح الجهاز'),
      captcha: screen.getByLabelText('رمز التحقق'),
    };
    return { user, ...fields, submit: () => user.click(screen.getByRole('button', { name: 'تسجيل الدخول' })) };
  }

  /** Waits until the captcha picture, named in Arabic, is the n-th one the server sent. */
  function arabicCaptchaFor(n: number) {
    const src = 'data:image/svg+xml;charset=utf-8,' + encodeURIComponent(`<svg id="captcha-${n}"></svg>`);
    return waitFor(() => expect(screen.getByRole('img', { name: 'رمز التحقق' })).toHaveAttribute('src', src));
  }

  it('shows the screen in Arabic, keeps what is typed left to right and posts to the Arabic path', async () => {
    await setTestLocale('ar');
    const { key, captcha, user } = renderArabic([noSession, captchaMock(1)]);
    expect(screen.getByRole('heading', { name: 'أدِر قائمة تشغيلك' })).toBeInTheDocument();
    expect(screen.getByText('بكل بساطة، أينما كنت')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'سجّل الدخول لإضافة قائمة تشغيلك' })).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: 'رمز التحقق' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'رمز تحقق جديد' })).toBeInTheDocument();
    expect(key).toHaveAttribute('dir', 'ltr');
    expect(key).toHaveAttribute('placeholder', '6 أرقام');
    expect(captcha).toHaveAttribute('dir', 'ltr');
    expect(captcha).toHaveAttribute('placeholder', 'اكتب الأحرف الظاهرة أعلاه');
    // Sent before the page's script arrived, the form signs in at the Arabic page, which answers in Arabic.
    expect(key.closest('form')).toHaveAttribute('action', '/ar/device/login');

    await user.click(screen.getByRole('button', { name: /^إظهار\s*مفتاح الجهاز$/ }));
    expect(key).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: /^إخفاء\s*مفتاح الجهاز$/ })).toBeInTheDocument();
  });

  it('says what is missing in Arabic', async () => {
    await setTestLocale('ar');
    const { mac, key, submit } = renderArabic([noSession, captchaMock(1)]);
    await arabicCaptchaFor(1);
    await submit();
    expect(ar['msg.mac.required']).not.toBe(messages.mac.required);
    expect(await screen.findByText(ar['msg.mac.required'])).toBeInTheDocument();
    expect(mac).toHaveAccessibleDescription(ar['msg.mac.required']);
    expect(key).toHaveAccessibleDescription(ar['msg.loginDeviceKey.required']);
    expect(screen.queryByText(messages.mac.required)).not.toBeInTheDocument();
  });

  it('says a failed sign-in in Arabic, in the banner and the dialog', async () => {
    await setTestLocale('ar');
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user, mac, key, captcha, submit } = renderArabic([
      noSession,
      captchaMock(1),
      { operation: 'Login', variables: { input: validInput }, error: new TypeError('Network down') },
      captchaMock(2),
    ]);
    await arabicCaptchaFor(1);
    await user.type(mac, 'A1B2C3D4E5F6');
    await user.type(key, '123456');
    await user.type(captcha, 'abcd');
    await submit();

    expect(await screen.findByRole('alert')).toHaveTextContent(ar['msg.login.banner']);
    expect(Swal.fire).toHaveBeenCalledWith(
      expect.objectContaining({
        icon: 'error',
        title: ar['msg.login.failedTitle'],
        text: ar['msg.login.failedFallback'],
        confirmButtonText: 'حسنًا',
      }),
    );
    await arabicCaptchaFor(2);
  });
});
