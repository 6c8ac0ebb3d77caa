import { screen, waitFor } from '@testing-library/react';
import type { MockLink } from '@apollo/client/testing';
import Swal from 'sweetalert2';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SwitchMacAddressDocument } from '../../__generated__/graphql';
import { buildDevice } from '../../test/factories';
import { graphQLError, renderDashboardRoute, signedIn } from '../../test/renderDashboardRoute';
import { setTestLocale } from '../../test/locale';
import ar from '../../../../lang/ar.json';

vi.mock('sweetalert2', () => ({ default: { fire: vi.fn(() => Promise.resolve({ isConfirmed: true })) } }));

const OLD_MAC = 'a1:b2:c3:d4:e5:f6';
const NEW_MAC = '0a:1b:2c:3d:4e:5f';
const NEW_KEY = '048213';
const FAILED = 'Something went wrong, try again later.';
const KEY_HINT = 'The 6-digit device key the app shows on the new TV.';

function switchMac(
  macAddress: string,
  answer: Omit<MockLink.MockedResponse, 'request'>,
  deviceKey = NEW_KEY,
): MockLink.MockedResponse {
  return { request: { query: SwitchMacAddressDocument, variables: { input: { macAddress, deviceKey } } }, ...answer };
}

const switched = {
  result: {
    data: {
      switchMacAddress: {
        __typename: 'DeviceSettingsPayload',
        message: 'Mac Address Switched Successfully!',
        device: buildDevice({ macAddress: NEW_MAC }),
      },
    },
  },
};

async function renderPage(mocks: MockLink.MockedResponse[] = []) {
  const rendered = renderDashboardRoute('/dashboard/switch-mac', [signedIn(), ...mocks]);
  const input = await screen.findByLabelText('New MAC Address');
  const keyInput = screen.getByLabelText('Device Key');
  const button = screen.getByRole('button', { name: 'Switch MAC' });
  return { ...rendered, input, keyInput, button, submit: () => rendered.user.click(button) };
}

const topBarMac = () => document.querySelector('.dashboard__mac');

beforeEach(() => {
  vi.mocked(Swal.fire).mockClear();
});

describe('SwitchMacPage', () => {
  it('explains what moves and types the colons itself, up to 17 characters', async () => {
    const { input, user } = await renderPage();
    expect(screen.getByRole('heading', { name: 'Switch MAC' })).toBeInTheDocument();
    expect(screen.getByText(/licence, playlists, device key and parent PIN move/)).toBeInTheDocument();
    expect(screen.getByText('The old TV is signed out of the app.')).toBeInTheDocument();
    expect(screen.getByText(/already activated/)).toBeInTheDocument();
    expect(input).toHaveAttribute('maxLength', '17');
    expect(input.closest('form')).toHaveAttribute('novalidate');

    await user.type(input, '0a1b2c3d4e5f99');
    expect(input).toHaveValue(NEW_MAC);
  });

  it.each([
    ['empty', '', '* Mac Address is required *'],
    ['7 characters', '0a1b2c3', '* Invalid Mac Address*'],
    ['not hex', 'zz1b2c3d4e5f', '* Invalid Mac Address*'],
  ])('refuses a MAC address that is %s and asks nothing', async (_case, typed, message) => {
    const { input, keyInput, user, submit } = await renderPage();
    if (typed) await user.type(input, typed);
    await user.type(keyInput, NEW_KEY);
    await submit();

    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(input).toHaveAccessibleDescription(message);
    expect(Swal.fire).not.toHaveBeenCalled();

    // The message hides as soon as the field changes.
    await user.clear(input);
    await user.type(input, '1');
    expect(screen.queryByText(message)).not.toBeInTheDocument();
  });

  it('asks for the device key the new TV shows, with a hint, up to 6 characters', async () => {
    const { keyInput } = await renderPage();
    expect(keyInput).toHaveAttribute('maxLength', '6');
    expect(keyInput).toHaveAttribute('inputMode', 'numeric');
    expect(keyInput).toHaveAccessibleDescription(KEY_HINT);
    expect(screen.getByText(KEY_HINT)).toBeVisible();
  });

  it.each([
    ['empty', '', '* Device Key is required *'],
    ['5 digits', '12345', '* Invalid Device Key *'],
    ['not digits', '12345a', '* Invalid Device Key *'],
  ])('refuses a device key that is %s with the sign-in messages and asks nothing', async (_case, typed, message) => {
    const { input, keyInput, user, submit } = await renderPage();
    await user.type(input, NEW_MAC);
    if (typed) await user.type(keyInput, typed);
    await submit();

    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(keyInput).toHaveAccessibleDescription(`${message} ${KEY_HINT}`);
    expect(keyInput).toHaveAttribute('aria-invalid', 'true');
    expect(Swal.fire).not.toHaveBeenCalled();

    // The message hides as soon as the field changes.
    await user.clear(keyInput);
    await user.type(keyInput, '1');
    expect(screen.queryByText(message)).not.toBeInTheDocument();
    expect(keyInput).toHaveAccessibleDescription(KEY_HINT);
  });

  it('puts a refused key under the key field, and appends the server message to the failure text', async () => {
    const refused = 'The MAC address or its device key is incorrect.';
    const { input, keyInput, user, submit } = await renderPage([
      switchMac(NEW_MAC, { result: { errors: [graphQLError(refused, 'FORBIDDEN', { deviceKey: refused })] } }),
    ]);
    await user.type(input, NEW_MAC);
    await user.type(keyInput, NEW_KEY);
    await submit();

    await waitFor(() =>
      expect(Swal.fire).toHaveBeenCalledWith(
        expect.objectContaining({ icon: 'error', title: 'Mac Address Not Switched', text: `${FAILED} ${refused}` }),
      ),
    );
    expect(keyInput).toHaveAccessibleDescription(`${refused} ${KEY_HINT}`);
    expect(input).not.toHaveAttribute('aria-invalid');
    // Still signed in, on the old MAC, with what was typed kept for a correction.
    expect(topBarMac()).toHaveTextContent(OLD_MAC);
    expect(input).toHaveValue(NEW_MAC);
    expect(keyInput).toHaveValue(NEW_KEY);
  });

  it("says at once that the device's own MAC address is its own, asking nothing", async () => {
    const { input, keyInput, user, submit } = await renderPage();
    const own = buildDevice().macAddress;
    await user.type(input, own.replace(/:/g, ''));
    await user.type(keyInput, NEW_KEY);
    await submit();
    expect(await screen.findByText('This device already has that MAC address.')).toBeInTheDocument();
    expect(input).toHaveAccessibleDescription('This device already has that MAC address.');
    expect(Swal.fire).not.toHaveBeenCalled();
  });

  it('asks first, and does nothing when the owner cancels', async () => {
    vi.mocked(Swal.fire).mockResolvedValueOnce({ isConfirmed: false, isDenied: false, isDismissed: true });
    const { input, keyInput, user, submit } = await renderPage();
    await user.type(input, NEW_MAC);
    await user.type(keyInput, NEW_KEY);
    await submit();

    await waitFor(() =>
      expect(Swal.fire).toHaveBeenCalledWith(
        expect.objectContaining({ icon: 'warning', title: `Move this device to ${NEW_MAC}?`, showCancelButton: true }),
      ),
    );
    // No mock answers the mutation: had it been sent, an error dialog would follow.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(Swal.fire).toHaveBeenCalledTimes(1);
    expect(input).toHaveValue(NEW_MAC);
    expect(topBarMac()).toHaveTextContent(OLD_MAC);
  });

  it('switches to the normalised MAC, says so in the spec words and shows the new MAC in the top bar', async () => {
    const { input, keyInput, button, user, submit } = await renderPage([
      { ...switchMac(NEW_MAC, switched), delay: 50 },
    ]);
    expect(topBarMac()).toHaveTextContent(OLD_MAC);
    await user.type(input, NEW_MAC.toUpperCase());
    await user.type(keyInput, NEW_KEY);
    await submit();

    await waitFor(() => expect(button).toBeDisabled());
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(Swal.fire).toHaveBeenCalledWith(expect.objectContaining({ title: `Move this device to ${NEW_MAC}?` }));
    await waitFor(() =>
      expect(Swal.fire).toHaveBeenCalledWith(
        expect.objectContaining({ icon: 'success', title: 'Mac Address Switched Successfully!' }),
      ),
    );
    expect(topBarMac()).toHaveTextContent(NEW_MAC);
    expect(screen.getByText(NEW_MAC, { selector: '.settings__mono' })).toBeInTheDocument();
    expect(input).toHaveValue('');
    expect(keyInput).toHaveValue('');
    expect(button).toBeEnabled();
  });

  it('appends the server message to the failure text when the new MAC is refused', async () => {
    const conflict = 'That MAC address belongs to an activated device.';
    const { input, keyInput, user, submit } = await renderPage([
      switchMac(NEW_MAC, { result: { errors: [graphQLError(conflict, 'CONFLICT')] } }),
    ]);
    await user.type(input, NEW_MAC);
    await user.type(keyInput, NEW_KEY);
    await submit();

    await waitFor(() =>
      expect(Swal.fire).toHaveBeenCalledWith(
        expect.objectContaining({ icon: 'error', text: `${FAILED} ${conflict}`, confirmButtonColor: '#000' }),
      ),
    );
    expect(topBarMac()).toHaveTextContent(OLD_MAC);
    expect(input).toHaveValue(NEW_MAC);
  });

  it('puts the field error of a BAD_USER_INPUT answer under the field', async () => {
    const invalid = '* Invalid Mac Address*';
    const { input, keyInput, user, submit } = await renderPage([
      switchMac(NEW_MAC, { result: { errors: [graphQLError(invalid, 'BAD_USER_INPUT', { macAddress: invalid })] } }),
    ]);
    await user.type(input, NEW_MAC);
    await user.type(keyInput, NEW_KEY);
    await submit();

    await waitFor(() =>
      expect(Swal.fire).toHaveBeenCalledWith(expect.objectContaining({ icon: 'error', text: `${FAILED} ${invalid}` })),
    );
    expect(input).toHaveAccessibleDescription(invalid);
  });

  it('shows the failure text alone when the server could not be reached', async () => {
    const { input, keyInput, user, submit } = await renderPage([
      switchMac(NEW_MAC, { error: new Error('Network down') }),
    ]);
    await user.type(input, NEW_MAC);
    await user.type(keyInput, NEW_KEY);
    await submit();

    await waitFor(() =>
      expect(Swal.fire).toHaveBeenCalledWith(expect.objectContaining({ icon: 'error', text: FAILED })),
    );
  });
});

describe('SwitchMacPage in Arabic', () => {
  it('explains the move in Arabic, keeps MAC addresses and keys left to right and says the rules in Arabic', async () => {
    await setTestLocale('ar');
    const { user } = renderDashboardRoute('/dashboard/switch-mac', [signedIn()]);
    const macInput = await screen.findByLabelText('عنوان MAC الجديد');
    const keyInput = screen.getByLabelText('مفتاح الجهاز');
    expect(screen.getByRole('heading', { name: 'تبديل عنوان MAC' })).toBeInTheDocument();
    expect(screen.getByText('يُسجَّل خروج التلفزيون القديم من التطبيق.')).toBeInTheDocument();
    // The page's own link, beside the sidebar's entry of the same name.
    const inPage = screen
      .getAllByRole('link', { name: 'ربط تلفزيون' })
      .filter((link) => !link.closest('.dashboard__sidebar'));
    expect(inPage).toHaveLength(1);
    expect(inPage[0]).toHaveAttribute('href', '/link');
    expect(screen.getByText(OLD_MAC, { selector: '.settings__mono' })).toHaveAttribute('dir', 'ltr');
    expect(keyInput).toHaveAttribute('dir', 'ltr');
    expect(keyInput).toHaveAccessibleDescription(
      'مفتاح الجهاز المكوّن من 6 أرقام الذي يعرضه التطبيق على التلفزيون الجديد.',
    );

    await user.click(screen.getByRole('button', { name: 'تبديل عنوان MAC' }));
    expect(ar['msg.mac.required']).not.toBe('* Mac Address is required *');
    expect(await screen.findByText(ar['msg.mac.required'])).toBeInTheDocument();
    expect(screen.getByText(ar['msg.loginDeviceKey.required'])).toBeInTheDocument();
    expect(macInput).toHaveAttribute('aria-invalid', 'true');
    expect(Swal.fire).not.toHaveBeenCalled();
  });

  it('asks in Arabic before moving, the new MAC address kept left to right, and says the outcome in Arabic', async () => {
    await setTestLocale('ar');
    const { user } = renderDashboardRoute('/dashboard/switch-mac', [signedIn(), switchMac(NEW_MAC, switched)]);
    await user.type(await screen.findByLabelText('عنوان MAC الجديد'), NEW_MAC);
    await user.type(screen.getByLabelText('مفتاح الجهاز'), NEW_KEY);
    await user.click(screen.getByRole('button', { name: 'تبديل عنوان MAC' }));

    await waitFor(() =>
      expect(Swal.fire).toHaveBeenCalledWith(
        expect.objectContaining({ icon: 'success', title: ar['msg.switchMac.success'] }),
      ),
    );
    expect(Swal.fire).toHaveBeenCalledWith(
      expect.objectContaining({
        icon: 'warning',
        title: `هل تريد نقل هذا الجهاز إلى \u2068${NEW_MAC}\u2069؟`,
        confirmButtonText: 'تبديل عنوان MAC',
        cancelButtonText: 'إلغاء',
      }),
    );
  });
});
