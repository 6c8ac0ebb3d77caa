import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MockedProvider } from '@apollo/client/testing/react';
import type { MockLink } from '@apollo/client/testing';
import { GraphQLError } from 'graphql';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { messages } from '../../../common/messages';
import {
  ApproveTvLinkDocument,
  CurrentDeviceDocument,
  RefuseTvLinkDocument,
  TvLinkDocument,
} from '../__generated__/graphql';
import { UserProvider } from '../hooks/useUser';
import { buildDevice } from '../test/factories';
import { setTestLocale } from '../test/locale';
import ar from '../../../lang/ar.json';
import LinkPage from './LinkPage';

vi.mock('sweetalert2', () => ({ default: { fire: vi.fn(() => Promise.resolve({ isConfirmed: true })) } }));

const CODE = 'BCDF-GHJK';
const device = buildDevice();
const session: MockLink.MockedResponse = {
  request: { query: CurrentDeviceDocument },
  result: { data: { currentDevice: device } },
};
const noSession: MockLink.MockedResponse = {
  request: { query: CurrentDeviceDocument },
  result: { data: { currentDevice: null } },
};

function linkMock(overrides: Record<string, unknown> = {}): MockLink.MockedResponse {
  return {
    request: { query: TvLinkDocument, variables: { input: { code: CODE } } },
    result: {
      data: {
        tvLink: {
          __typename: 'TvLink',
          code: CODE,
          macAddress: device.macAddress,
          model: 'Living room TV',
          appVersion: '3.1.0',
          requestedAt: '2026-11-25T10:00:00.000Z',
          expiresAt: '2026-11-25T10:15:00.000Z',
          sameMacAddress: true,
          signedInTv: false,
          requestedFrom: '203.0.113.7',
          sameNetwork: true,
          signedInTvs: 1,
          ...overrides,
        },
      },
    },
  };
}

/** A detail of the request (a <dd>), by its whole text: its parts may sit in elements of their own. */
function detail(text: string) {
  return screen.getByText((_content, element) => element?.tagName === 'DD' && element.textContent === text);
}

function Where() {
  const location = useLocation();
  return <p>Signing in, then back to {new URLSearchParams(location.search).get('next')}</p>;
}

/** An approval or refusal as the server answers it, with the device after it. */
function decision(message: string, answered = device) {
  return { __typename: 'TvLinkDecisionPayload', message, device: answered };
}

function renderLink(mocks: MockLink.MockedResponse[], path = `/link?code=${CODE}`) {
  const user = userEvent.setup();
  render(
    <MockedProvider mocks={mocks}>
      <UserProvider>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/link" element={<LinkPage />} />
            <Route path="/device/login" element={<Where />} />
          </Routes>
        </MemoryRouter>
      </UserProvider>
    </MockedProvider>,
  );
  return user;
}

describe('LinkPage', () => {
  it('sends a signed-out owner through the sign-in and back, the code kept', async () => {
    renderLink([noSession]);
    expect(await screen.findByText(`Signing in, then back to /link?code=${CODE}`)).toBeInTheDocument();
  });

  it('shows which TV asks and approves it', async () => {
    const user = renderLink([
      session,
      linkMock(),
      {
        request: { query: ApproveTvLinkDocument, variables: { input: { code: CODE } } },
        result: { data: { approveTvLink: decision(messages.link.approved) } },
      },
    ]);
    expect(await screen.findByRole('heading', { name: `A TV asks to sign in with code ${CODE}` })).toBeVisible();
    expect(detail('Living room TV (as the TV reports it)')).toBeInTheDocument();
    expect(screen.getByText('3.1.0')).toBeInTheDocument();
    expect(detail('203.0.113.7, the network you are on now')).toBeInTheDocument();
    expect(screen.getByText(/The TV signed in to this device now will be signed out\./)).toBeInTheDocument();
    expect(document.title).toBe('Link a TV | M3U Player');
    // The code came in the address (a QR code, or a link someone sent): one tap does not approve it.
    const approve = screen.getByRole('button', { name: 'Approve' });
    expect(approve).toBeDisabled();
    const confirm = screen.getByLabelText('To approve, type the code your TV shows now');
    await user.type(confirm, 'bcdf ghjx');
    expect(screen.getByText(/This is not the code of this request/)).toBeInTheDocument();
    expect(approve).toBeDisabled();
    await user.clear(confirm);
    await user.type(confirm, 'bcdfghjk');
    expect(approve).toBeEnabled();
    await user.click(approve);
    expect(await screen.findByText(messages.link.approved)).toBeInTheDocument();
  });

  it('asks no second typing of a code the owner typed on the page, and says a request from another network', async () => {
    const user = renderLink(
      [
        session,
        linkMock({ sameNetwork: false, requestedFrom: '2001:db8::7', signedInTvs: 2 }),
        {
          request: { query: ApproveTvLinkDocument, variables: { input: { code: CODE } } },
          result: { data: { approveTvLink: decision(messages.link.approved) } },
        },
      ],
      '/link',
    );
    await user.type(await screen.findByLabelText('Code shown on the TV'), 'bcdfghjk');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { name: `A TV asks to sign in with code ${CODE}` });
    expect(detail('2001:db8::7, another network than the one you are on now')).toBeInTheDocument();
    expect(screen.getByText(/The 2 TVs signed in to this device now will be signed out\./)).toBeInTheDocument();
    expect(screen.queryByLabelText('To approve, type the code your TV shows now')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText(messages.link.approved)).toBeInTheDocument();
  });

  it('refuses a request', async () => {
    const user = renderLink([
      session,
      linkMock(),
      {
        request: { query: RefuseTvLinkDocument, variables: { input: { code: CODE } } },
        result: { data: { refuseTvLink: decision(messages.link.refused) } },
      },
    ]);
    await user.click(await screen.findByRole('button', { name: 'Refuse' }));
    expect(await screen.findByText(messages.link.refused)).toBeInTheDocument();
  });

  it('offers no approval for a TV reporting another MAC address', async () => {
    renderLink([session, linkMock({ macAddress: '0e:00:00:00:00:01', sameMacAddress: false })]);
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.link.otherMac);
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Refuse' })).toBeEnabled();
  });

  it('switches the device onto a new TV that asked with its own sign-in', async () => {
    const newMac = '0e:00:00:00:00:02';
    const user = renderLink([
      session,
      linkMock({ macAddress: newMac, sameMacAddress: false, signedInTv: true }),
      {
        request: { query: ApproveTvLinkDocument, variables: { input: { code: CODE } } },
        result: { data: { approveTvLink: decision(messages.link.switched, { ...device, macAddress: newMac }) } },
      },
    ]);
    expect(await screen.findByText(/This is a new TV\. Switching moves your licence/)).toHaveTextContent(
      device.macAddress,
    );
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    await user.type(screen.getByLabelText('To approve, type the code your TV shows now'), CODE);
    await user.click(screen.getByRole('button', { name: 'Switch to this TV' }));
    expect(await screen.findByText(messages.link.switched)).toBeInTheDocument();
  });

  it("says the server's refusal of a code and lets the owner type another", async () => {
    const user = renderLink([
      session,
      {
        request: { query: TvLinkDocument, variables: { input: { code: CODE } } },
        result: { errors: [new GraphQLError(messages.link.unknownCode, { extensions: { code: 'NOT_FOUND' } })] },
      },
    ]);
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.link.unknownCode);
    await user.type(screen.getByLabelText('Code shown on the TV'), 'aeiou');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(messages.link.codeInvalid)).toBeInTheDocument();
  });
});

describe('LinkPage in Arabic', () => {
  it('shows the request in Arabic, the code and the MAC address left to right, with an Arabic date', async () => {
    await setTestLocale('ar');
    renderLink([session, linkMock()]);
    expect(
      await screen.findByRole('heading', { name: `يطلب تلفزيون تسجيل الدخول بالرمز ${CODE}` }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'ربط تلفزيون' })).toBeInTheDocument();
    expect(screen.getByText(CODE)).toHaveAttribute('dir', 'ltr');
    expect(screen.getByText(device.macAddress, { selector: 'dd' })).toHaveAttribute('dir', 'ltr');
    expect(screen.getByText('وقت الطلب').nextElementSibling).toHaveTextContent(/^25 نوفمبر 2026، \d{1,2}:\d\d [صم]$/);
    expect(screen.getByRole('button', { name: 'موافقة' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'رفض' })).toBeInTheDocument();
  });

  it('says a malformed code in Arabic', async () => {
    await setTestLocale('ar');
    const user = renderLink([session], '/link');
    const input = await screen.findByLabelText('الرمز الظاهر على التلفزيون');
    expect(input).toHaveAttribute('dir', 'ltr');
    await user.type(input, 'abc');
    await user.click(screen.getByRole('button', { name: 'متابعة' }));
    expect(ar['msg.link.codeInvalid']).not.toBe(messages.link.codeInvalid);
    expect(await screen.findByText(ar['msg.link.codeInvalid'])).toBeInTheDocument();
  });
});
