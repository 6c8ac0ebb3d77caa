import { screen, waitFor } from '@testing-library/react';
import type { MockLink } from '@apollo/client/testing';
import Swal from 'sweetalert2';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ChangeParentPinDocument } from '../../__generated__/graphql';
import { buildDevice } from '../../test/factories';
import { graphQLError, renderDashboardRoute, signedIn } from '../../test/renderDashboardRoute';
import { setTestLocale } from '../../test/locale';
import ar from '../../../../lang/ar.json';

vi.mock('sweetalert2', () => ({ default: { fire: vi.fn(() => Promise.resolve({ isConfirmed: true })) } }));

const PIN_MESSAGE = '*Parent PIN must be 4-6 digits (Only Numbers)';

function changePin(pin: string, answer: Omit<MockLink.MockedResponse, 'request'>): MockLink.MockedResponse {
  return { request: { query: ChangeParentPinDocument, variables: { input: { pin } } }, ...answer };
}

const changed = {
  result: {
    data: {
      changeParentPin: {
        __typename: 'DeviceSettingsPayload',
        message: 'Parent Pin Changed Successfully!',
        device: buildDevice({ hasParentPin: true }),
      },
    },
  },
};

async function renderPage(mocks: MockLink.MockedResponse[] = [], device = buildDevice()) {
  const rendered = renderDashboardRoute('/dashboard/parent-pin', [signedIn(device), ...mocks]);
  const input = await screen.findByLabelText('New Parent PIN');
  const button = screen.getByRole('button', { name: 'Save Parent PIN' });
  return { ...rendered, input, button, submit: () => rendered.user.click(button) };
}

beforeEach(() => {
  vi.mocked(Swal.fire).mockClear();
});

describe('ParentPinPage', () => {
  it('offers one hidden numeric field of at most 6 characters that can be shown', async () => {
    const { input, user } = await renderPage();
    expect(screen.getByRole('heading', { name: 'Parent PIN' })).toBeInTheDocument();
    expect(screen.queryByLabelText(/Confirm/)).not.toBeInTheDocument();
    expect(input).toHaveAttribute('type', 'password');
    expect(input).toHaveAttribute('maxLength', '6');
    expect(input).toHaveAttribute('inputMode', 'numeric');
    expect(input.closest('form')).toHaveAttribute('novalidate');

    await user.type(input, '1234567');
    expect(input).toHaveValue('123456');

    await user.click(screen.getByRole('button', { name: /^Show\s*parent PIN$/ }));
    expect(input).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: /^Hide\s*parent PIN$/ }));
    expect(input).toHaveAttribute('type', 'password');
  });

  it('says whether a parent PIN is set', async () => {
    await renderPage([], buildDevice({ hasParentPin: true }));
    expect(screen.getByText('A parent PIN is set')).toBeInTheDocument();
    expect(screen.queryByText('No parent PIN yet')).not.toBeInTheDocument();
  });

  it.each([
    ['empty', ''],
    ['letters', 'abcd'],
    ['3 digits', '123'],
  ])('refuses a PIN that is %s and sends nothing', async (_case, typed) => {
    const { input, user, submit } = await renderPage();
    if (typed) await user.type(input, typed);
    await submit();

    expect(await screen.findByText(PIN_MESSAGE)).toBeInTheDocument();
    expect(input).toHaveAccessibleDescription(PIN_MESSAGE);
    expect(Swal.fire).not.toHaveBeenCalled();

    // The message hides as soon as the field changes.
    await user.clear(input);
    await user.type(input, '1');
    expect(screen.queryByText(PIN_MESSAGE)).not.toBeInTheDocument();
  });

  it.each(['1234', '123456'])(
    'saves the PIN %s, says so in the spec words and shows that a PIN is set',
    async (pin) => {
      const { input, button, user, submit } = await renderPage([{ ...changePin(pin, changed), delay: 50 }]);
      expect(screen.getByText('No parent PIN yet')).toBeInTheDocument();
      await user.type(input, pin);
      await submit();

      await waitFor(() => expect(button).toBeDisabled());
      expect(button).toHaveAttribute('aria-busy', 'true');
      await waitFor(() =>
        expect(Swal.fire).toHaveBeenCalledWith(
          expect.objectContaining({ icon: 'success', title: 'Parent Pin Changed Successfully!' }),
        ),
      );
      expect(screen.getByText('A parent PIN is set')).toBeInTheDocument();
      expect(input).toHaveValue('');
      expect(button).toBeEnabled();
    },
  );

  it('shows the failure dialog with the server message and the field error of a BAD_USER_INPUT answer', async () => {
    const { input, user, submit } = await renderPage([
      changePin('1234', {
        result: { errors: [graphQLError(PIN_MESSAGE, 'BAD_USER_INPUT', { pin: PIN_MESSAGE })] },
      }),
    ]);
    await user.type(input, '1234');
    await submit();

    await waitFor(() =>
      expect(Swal.fire).toHaveBeenCalledWith(
        expect.objectContaining({ icon: 'error', title: 'Something went wrong, try again later.', text: PIN_MESSAGE }),
      ),
    );
    expect(input).toHaveAccessibleDescription(PIN_MESSAGE);
    expect(screen.getByText('No parent PIN yet')).toBeInTheDocument();
  });

  it('shows the server message of a rate-limited answer', async () => {
    const limited = 'Too many changes. Try again in 10 minutes.';
    const { input, user, submit } = await renderPage([
      changePin('4321', { result: { errors: [graphQLError(limited, 'RATE_LIMITED')] } }),
    ]);
    await user.type(input, '4321');
    await submit();

    await waitFor(() =>
      expect(Swal.fire).toHaveBeenCalledWith(
        expect.objectContaining({ icon: 'error', title: 'Something went wrong, try again later.', text: limited }),
      ),
    );
    expect(input).not.toHaveAttribute('aria-invalid');
  });
});

describe('ParentPinPage in Arabic', () => {
  it('labels the form in Arabic, keeps the PIN left to right and says the rule in Arabic', async () => {
    await setTestLocale('ar');
    const { user } = renderDashboardRoute('/dashboard/parent-pin', [signedIn()]);
    const input = await screen.findByLabelText('رمز PIN للرقابة الأبوية الجديد');
    expect(screen.getByRole('heading', { name: 'رمز PIN للرقابة الأبوية' })).toBeInTheDocument();
    expect(screen.getByText('لم يُعيَّن رمز PIN للرقابة الأبوية بعد')).toBeInTheDocument();
    expect(input).toHaveAttribute('dir', 'ltr');
    expect(input).toHaveAttribute('placeholder', 'من 4 إلى 6 أرقام');

    await user.click(screen.getByRole('button', { name: /^إظهار\s*رمز PIN للرقابة الأبوية$/ }));
    expect(input).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: /^إخفاء\s*رمز PIN للرقابة الأبوية$/ }));

    await user.type(input, '12');
    await user.click(screen.getByRole('button', { name: 'حفظ رمز PIN للرقابة الأبوية' }));
    expect(ar['msg.parentPin']).not.toBe(PIN_MESSAGE);
    expect(await screen.findByText(ar['msg.parentPin'])).toBeInTheDocument();
    expect(screen.queryByText(PIN_MESSAGE)).not.toBeInTheDocument();
  });

  it('says the saved change in Arabic', async () => {
    await setTestLocale('ar');
    const { user } = renderDashboardRoute('/dashboard/parent-pin', [signedIn(), changePin('1234', changed)]);
    await user.type(await screen.findByLabelText('رمز PIN للرقابة الأبوية الجديد'), '1234');
    await user.click(screen.getByRole('button', { name: 'حفظ رمز PIN للرقابة الأبوية' }));
    await waitFor(() =>
      expect(Swal.fire).toHaveBeenCalledWith(
        expect.objectContaining({ icon: 'success', title: ar['msg.settings.parentPinChanged'] }),
      ),
    );
    expect(await screen.findByText('تم تعيين رمز PIN للرقابة الأبوية')).toBeInTheDocument();
  });
});
