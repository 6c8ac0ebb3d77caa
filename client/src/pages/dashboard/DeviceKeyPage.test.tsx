import { screen, waitFor, within } from '@testing-library/react';
import type { MockLink } from '@apollo/client/testing';
import Swal from 'sweetalert2';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ChangeDeviceKeyDocument } from '../../__generated__/graphql';
import { buildDevice } from '../../test/factories';
import { graphQLError, renderDashboardRoute, signedIn } from '../../test/renderDashboardRoute';
import { setTestLocale } from '../../test/locale';
import ar from '../../../../lang/ar.json';

vi.mock('sweetalert2', () => ({ default: { fire: vi.fn(() => Promise.resolve({ isConfirmed: true })) } }));

const KEY_MESSAGE = '*Device key must be 6 digits (Only Numbers)';

function changeKey(
  deviceKey: string,
  answer: Omit<MockLink.MockedResponse, 'request'>,
  keepTvsSignedIn = false,
): MockLink.MockedResponse {
  return {
    request: { query: ChangeDeviceKeyDocument, variables: { input: { deviceKey, keepTvsSignedIn } } },
    ...answer,
  };
}

const changed = {
  result: {
    data: {
      changeDeviceKey: {
        __typename: 'DeviceSettingsPayload',
        message: 'Device Key Changed Successfully!',
        tvsSignedOut: 1,
        device: buildDevice(),
      },
    },
  },
};

async function renderPage(mocks: MockLink.MockedResponse[] = []) {
  const rendered = renderDashboardRoute('/dashboard/device-key', [signedIn(), ...mocks]);
  const input = await screen.findByLabelText('New Device Key');
  const button = screen.getByRole('button', { name: 'Save Device Key' });
  return { ...rendered, input, button, submit: () => rendered.user.click(button) };
}

beforeEach(() => {
  vi.mocked(Swal.fire).mockClear();
});

describe('DeviceKeyPage', () => {
  it('explains the key and offers one numeric field of at most 6 characters', async () => {
    const { input, user } = await renderPage();
    expect(screen.getByRole('heading', { name: 'Device Key' })).toBeInTheDocument();
    expect(screen.getByText(/sign in to this portal, and the TV app uses it too/)).toBeInTheDocument();
    expect(screen.getByText(/Other browsers signed in to this device are signed out/)).toBeInTheDocument();
    expect(input).toHaveAttribute('maxLength', '6');
    expect(input).toHaveAttribute('inputMode', 'numeric');
    expect(input).toHaveAttribute('autoComplete', 'off');
    expect(input.closest('form')).toHaveAttribute('novalidate');

    await user.type(input, '12345678');
    expect(input).toHaveValue('123456');
  });

  it.each([
    ['empty', ''],
    ['letters', 'abcdef'],
    ['5 digits', '12345'],
  ])('refuses a key that is %s and sends nothing', async (_case, typed) => {
    const { input, user, submit } = await renderPage();
    if (typed) await user.type(input, typed);
    await submit();

    expect(await screen.findByText(KEY_MESSAGE)).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(KEY_MESSAGE);
    expect(Swal.fire).not.toHaveBeenCalled();

    // The message hides as soon as the field changes.
    await user.clear(input);
    await user.type(input, '1');
    expect(screen.queryByText(KEY_MESSAGE)).not.toBeInTheDocument();
  });

  it('signs the TVs out with the new key unless the owner keeps them', async () => {
    const { input, user, submit } = await renderPage([changeKey('654321', changed, true)]);
    const signOut = screen.getByRole('switch', { name: 'Sign out every TV signed in to this device' });
    expect(signOut).toBeChecked();
    expect(screen.getByText(/The TVs signed in to this device are signed out too/)).toBeInTheDocument();
    await user.click(signOut);
    expect(signOut).not.toBeChecked();
    await user.type(input, '654321');
    await submit();
    await waitFor(() =>
      expect(Swal.fire).toHaveBeenCalledWith(expect.objectContaining({ title: 'Device Key Changed Successfully!' })),
    );
  });

  it('saves a new key, says so in the spec words and clears the field', async () => {
    const { input, button, user, submit } = await renderPage([{ ...changeKey('654321', changed), delay: 50 }]);
    await user.type(input, '654321');
    await submit();

    await waitFor(() => expect(button).toBeDisabled());
    expect(button).toHaveAttribute('aria-busy', 'true');
    await waitFor(() =>
      expect(Swal.fire).toHaveBeenCalledWith(
        expect.objectContaining({ icon: 'success', title: 'Device Key Changed Successfully!' }),
      ),
    );
    expect(input).toHaveValue('');
    expect(button).toBeEnabled();
    expect(button).toHaveAttribute('aria-busy', 'false');
  });

  it('shows the failure dialog with the server message and the field error of a BAD_USER_INPUT answer', async () => {
    const { input, user, submit } = await renderPage([
      changeKey('000000', {
        result: { errors: [graphQLError('Pick another key', 'BAD_USER_INPUT', { deviceKey: 'Pick another key' })] },
      }),
    ]);
    await user.type(input, '000000');
    await submit();

    await waitFor(() =>
      expect(Swal.fire).toHaveBeenCalledWith(
        expect.objectContaining({
          icon: 'error',
          title: 'Something went wrong, try again later.',
          text: 'Pick another key',
          confirmButtonColor: '#000',
        }),
      ),
    );
    expect(input).toHaveAccessibleDescription('Pick another key');
    expect(input).toHaveValue('000000');
  });

  it('shows only the failure title when the server could not be reached', async () => {
    const { input, user, submit } = await renderPage([changeKey('654321', { error: new Error('Network down') })]);
    await user.type(input, '654321');
    await submit();

    await waitFor(() =>
      expect(Swal.fire).toHaveBeenCalledWith(
        expect.objectContaining({ icon: 'error', title: 'Something went wrong, try again later.', text: undefined }),
      ),
    );
  });

  it('says how many TVs the change signed out, and where to link them again', async () => {
    const signedOutTwo = {
      result: {
        data: {
          changeDeviceKey: { ...changed.result.data.changeDeviceKey, tvsSignedOut: 2 },
        },
      },
    };
    const { input, user, submit } = await renderPage([changeKey('654321', signedOutTwo)]);
    await user.type(input, '654321');
    await submit();

    const said = '2 TVs were signed out. Each shows a link code: approve it on Link a TV.';
    const status = await screen.findByText((_text, element) => element?.textContent === said);
    expect(status).toHaveAttribute('role', 'status');
    expect(within(status).getByRole('link', { name: 'Link a TV' })).toHaveAttribute('href', '/link');
    // The sidebar lists Link a TV too.
    const menu = screen.getByRole('navigation', { name: 'Dashboard' });
    expect(within(menu).getByRole('link', { name: 'Link a TV' })).toHaveAttribute('href', '/link');
  });

  it('says when the TVs were kept signed in', async () => {
    const kept = {
      result: { data: { changeDeviceKey: { ...changed.result.data.changeDeviceKey, tvsSignedOut: 0 } } },
    };
    const { input, user, submit } = await renderPage([changeKey('654321', kept, true)]);
    await user.click(screen.getByRole('switch', { name: 'Sign out every TV signed in to this device' }));
    await user.type(input, '654321');
    await submit();
    expect(await screen.findByText('No TV was signed out.')).toHaveAttribute('role', 'status');
  });

  it('sends an owner whose session has ended to the sign-in screen', async () => {
    const { input, user, submit } = await renderPage([
      changeKey('654321', { result: { errors: [graphQLError('Sign in first.', 'UNAUTHENTICATED')] } }),
    ]);
    await user.type(input, '654321');
    await submit();

    expect(await screen.findByText('Sign-in screen, user {}')).toBeInTheDocument();
    expect(Swal.fire).toHaveBeenCalledWith(
      expect.objectContaining({
        icon: 'error',
        title: 'Something went wrong, try again later.',
        text: 'Sign in first.',
      }),
    );
  });
});

describe('DeviceKeyPage in Arabic', () => {
  it('explains the key in Arabic, keeps it left to right and says the rule in Arabic', async () => {
    await setTestLocale('ar');
    const { user } = renderDashboardRoute('/dashboard/device-key', [signedIn()]);
    const input = await screen.findByLabelText('مفتاح الجهاز الجديد');
    expect(screen.getByRole('heading', { name: 'مفتاح الجهاز' })).toBeInTheDocument();
    expect(screen.getByText(/ويستخدمه تطبيق التلفزيون أيضًا/)).toBeInTheDocument();
    expect(input).toHaveAttribute('dir', 'ltr');
    expect(input).toHaveAttribute('placeholder', '6 أرقام');

    await user.type(input, '123');
    await user.click(screen.getByRole('button', { name: 'حفظ مفتاح الجهاز' }));
    expect(ar['msg.newDeviceKey']).not.toBe(KEY_MESSAGE);
    expect(await screen.findByText(ar['msg.newDeviceKey'])).toBeInTheDocument();
    expect(input).toHaveAccessibleDescription(ar['msg.newDeviceKey']);
  });

  it('says a failure in Arabic, its OK button too', async () => {
    await setTestLocale('ar');
    const { user } = renderDashboardRoute('/dashboard/device-key', [
      signedIn(),
      changeKey('000000', { error: new Error('Network down') }),
    ]);
    await user.type(await screen.findByLabelText('مفتاح الجهاز الجديد'), '000000');
    await user.click(screen.getByRole('button', { name: 'حفظ مفتاح الجهاز' }));
    await waitFor(() =>
      expect(Swal.fire).toHaveBeenCalledWith(
        expect.objectContaining({ icon: 'error', title: ar['msg.settings.failed'], confirmButtonText: 'حسنًا' }),
      ),
    );
  });
});
