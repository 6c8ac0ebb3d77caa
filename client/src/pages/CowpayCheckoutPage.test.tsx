import { act, render, screen, waitFor } from '@testing-library/react';
import { MockedProvider } from '@apollo/client/testing/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import Swal from 'sweetalert2';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CardCheckoutDocument, PricingDocument } from '../__generated__/graphql';
import type { CardCheckoutStatus, PaymentMethod } from '../__generated__/graphql';
import type { MockLink } from '@apollo/client/testing';
import { UserProvider } from '../hooks/useUser';
import { portalRoutes } from '../routes';
import { FRAME_TIMEOUT_MS } from './CowpayCheckoutPage';
import { dialogs } from '../test/dialogs';
import { setTestLocale } from '../test/locale';
import { buildPricing } from '../test/factories';
import { graphQLFailure, playlistsMock } from '../test/playlistPages';
import { signedIn } from '../test/renderDashboardRoute';

vi.mock('sweetalert2', () => ({ default: { fire: vi.fn(() => Promise.resolve({ isConfirmed: true })) } }));

const SANDBOX = 'Sandbox: no money moves. This method runs against a local stand-in of its provider.';
/** Where Cowpay's card frame is, as the server says (its address for a token, without the token). */
const FRAME_BASE = 'https://cowpay.example/api/v1/iframe/load/';

/** What the server answers about a link: a status, a failure, or nothing yet ('no answer': not within the test). */
type StatusAnswer = CardCheckoutStatus | Error | 'no answer';

/** The server's answer to the page's question: where the checkout of /cowpay/checkout/{frameCode}/{token} stands. */
function checkoutStatus(path: string, answer: StatusAnswer = 'OPEN'): MockLink.MockedResponse {
  const [, frameCode, token] = /^\/cowpay\/checkout\/([^/]+)\/([^/]+)$/.exec(path) ?? [];
  return {
    request: { query: CardCheckoutDocument, variables: { input: { frameCode, token } } },
    ...(answer === 'no answer'
      ? { delay: 60_000, result: { data: { cardCheckout: { __typename: 'CardCheckout', status: 'OPEN' } } } }
      : answer instanceof Error
        ? { result: graphQLFailure('UNAVAILABLE', answer.message) }
        : { result: { data: { cardCheckout: { __typename: 'CardCheckout', status: answer } } } }),
  };
}

/**
 * Opens the checkout page. `statuses` are the server's answers about the link's checkout, one per time the page
 * asks (open by default). Answers the router and the card frame once it is on the page.
 */
function openCheckout(path: string, sandboxMethods: PaymentMethod[] = [], statuses: StatusAnswer[] = ['OPEN']) {
  const router = createMemoryRouter([{ path: '/', HydrateFallback: () => null, children: portalRoutes }], {
    initialEntries: [path],
  });
  const pricing = buildPricing({ cowpayFrameUrl: FRAME_BASE, sandboxMethods });
  render(
    <MockedProvider
      mocks={[
        ...statuses.map((answer) => checkoutStatus(path, answer)),
        { request: { query: PricingDocument }, result: { data: { pricing } } },
        signedIn(),
        playlistsMock([]),
      ]}
    >
      <UserProvider>
        <RouterProvider router={router} />
      </UserProvider>
    </MockedProvider>,
  );
  const frame = async () => {
    await waitFor(() => expect(document.querySelector('#cowpay-iframe-container iframe')).not.toBeNull(), {
      timeout: 10_000,
    });
    return document.querySelector('#cowpay-iframe-container iframe') as HTMLIFrameElement;
  };
  /** The frame's page arrives. */
  const frameLoads = async () => {
    const element = await frame();
    act(() => {
      element.dispatchEvent(new Event('load'));
    });
    return element;
  };
  return { router, frame, frameLoads };
}

/** A message event as the card frame (or `source`) posts it to the page. */
function frameSays(data: unknown, source: Window | null = frameWindow()) {
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { data, source }));
  });
}

/** The texts of an element's paragraphs. */
function paragraphs(element: HTMLElement): string[] {
  return Array.from(element.querySelectorAll('p')).map((p) => p.textContent ?? '');
}

function frameWindow(): Window {
  return (document.querySelector('#cowpay-iframe-container iframe') as HTMLIFrameElement).contentWindow!;
}

afterEach(() => {
  vi.mocked(Swal.fire).mockClear();
});

describe('CowpayCheckoutPage', () => {
  it("opens Cowpay's card frame for this payment's token at Cowpay's own address, 1200px high", async () => {
    const page = openCheckout('/cowpay/checkout/FRAME-42/466221e4c3530cd9628ec25ad301e370');
    expect(await screen.findByRole('heading', { level: 1, name: 'Card payment' })).toBeInTheDocument();
    const frame = (await screen.findByTitle('Card payment form')) as HTMLIFrameElement;
    expect(await page.frame()).toBe(frame);
    // The page's {intension} is the iframe token: the frame is Cowpay's page for it, as Cowpay's plugin loads it.
    expect(frame).toHaveAttribute('src', `${FRAME_BASE}466221e4c3530cd9628ec25ad301e370`);
    expect(frame.parentElement?.id).toBe('cowpay-iframe-container');
    expect(frame).toHaveAttribute('height', '1200');
    expect(frame.style.height).toBe('1200px');
    expect(frame.style.width).toBe('100%');
    expect(frame).toHaveClass('checkout__frame');
    // No script of Cowpay's runs in the page.
    expect(document.querySelector('script[src*="cowpay"]')).toBeNull();
    expect(screen.getByText('Loading the payment form…')).toBeInTheDocument();
    await page.frameLoads();
    expect(screen.queryByText('Loading the payment form…')).not.toBeInTheDocument();
    expect(screen.queryByText(SANDBOX)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Activate Device' })).toHaveAttribute(
      'href',
      '/dashboard/active-device',
    );
  });

  it('says so when the card payment runs against the sandbox', async () => {
    const page = openCheckout('/cowpay/checkout/sandbox/intent-1', ['COWPAY']);
    expect(await screen.findByText(SANDBOX)).toBeInTheDocument();
    expect(await page.frame()).toHaveAttribute('src', `${FRAME_BASE}intent-1`);
  });

  it('goes on to the return page once the frame reports PAID', async () => {
    const page = openCheckout('/cowpay/checkout/FRAME-42/tok-paid');
    await page.frameLoads();
    frameSays({
      message_source: 'cowpay',
      message_type: 'cowpay_browser_callback',
      callback_type: 'order_status_update',
      cowpay_reference_id: '1000242',
      payment_gateway_reference_id: '971498564',
      payment_status: 'PAID',
    });
    // The return page, then the dashboard, which says the payment is being processed.
    await waitFor(() => expect(page.router.state.location.pathname).toBe('/dashboard'));
    await waitFor(() => expect(dialogs()).toEqual([expect.objectContaining({ title: 'Payment is being processed' })]));
  });

  it.each([
    ['FAILED', 'The card payment failed and nothing was charged. You can start again with another card.'],
    ['EXPIRED', 'The payment form expired before the payment was made. Nothing was charged; you can start again.'],
    ['UNPAID', 'The payment was not completed, so nothing was charged. You can start again.'],
  ])('stays and says why when the frame reports %s', async (status, text) => {
    const page = openCheckout('/cowpay/checkout/FRAME-42/tok-failed');
    await page.frameLoads();
    frameSays({ message_source: 'cowpay', payment_status: status, cowpay_reference_id: '1000242' });
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(page.router.state.location.pathname).toBe('/cowpay/checkout/FRAME-42/tok-failed');
  });

  it('takes no word from a window that is not the card frame, nor a message that is not Cowpay’s', async () => {
    const page = openCheckout('/cowpay/checkout/FRAME-42/tok-other');
    await page.frameLoads();
    frameSays({ message_source: 'cowpay', payment_status: 'PAID' }, window);
    frameSays({ message_source: 'cowpay', payment_status: 'PAID' }, null);
    frameSays({ message_source: 'elsewhere', payment_status: 'PAID' });
    frameSays('PAID');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(page.router.state.location.pathname).toBe('/cowpay/checkout/FRAME-42/tok-other');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it.each([
    [
      'UNKNOWN',
      'This card payment link is no longer valid.',
      'It may be incomplete or mistyped. To pay, start a new card payment from Activate Device (sign in first if asked).',
    ],
    [
      'EXPIRED',
      'This card payment link is no longer valid.',
      'Its payment form expired before the payment was made, so nothing was charged. To pay, start a new card payment from Activate Device.',
    ],
    [
      'FAILED',
      'This card payment link is no longer valid.',
      'Its card payment failed, so nothing was charged. To pay, start a new card payment from Activate Device.',
    ],
  ] as const)(
    'a link whose checkout is %s: says so and leads back to Activate Device, no frame',
    async (status, title, detail) => {
      openCheckout('/cowpay/checkout/FRAME-42/dead-link-token', [], [status]);
      const alert = await screen.findByRole('alert');
      expect(paragraphs(alert)).toEqual([title, detail]);
      const back = screen.getByRole('link', { name: 'Back to Activate Device' });
      expect(back).toHaveAttribute('href', '/dashboard/active-device');
      expect(back).toHaveClass('button');
      // Nothing of Cowpay's: no container, no card frame, no empty box.
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(document.querySelector('iframe')).toBeNull();
      expect(document.getElementById('cowpay-iframe-container')).toBeNull();
      expect(screen.queryByText('Enter your card details below.', { exact: false })).not.toBeInTheDocument();
      expect(screen.queryByText('Loading the payment form…')).not.toBeInTheDocument();
    },
  );

  it('a link already paid: says so and leads to Account Details, no frame', async () => {
    openCheckout('/cowpay/checkout/FRAME-42/paid-token', [], ['PAID']);
    expect(paragraphs(await screen.findByRole('alert'))).toEqual([
      'This card payment has already been made.',
      'There is nothing more to pay with this link. Your payments are listed under Account Details.',
    ]);
    expect(screen.getByRole('link', { name: 'Go to Account Details' })).toHaveAttribute('href', '/dashboard/account');
    expect(screen.queryByRole('link', { name: 'Back to Activate Device' })).not.toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(document.querySelector('iframe')).toBeNull();
    expect(document.getElementById('cowpay-iframe-container')).toBeNull();
  });

  it("loads nothing of Cowpay's while the server has not said the link is open", async () => {
    openCheckout('/cowpay/checkout/FRAME-42/tok-asked', [], ['no answer']);
    expect(await screen.findByText('Loading the payment form…')).toBeInTheDocument();
    // Long enough for the pricing (and so the frame's address) to be in.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(document.querySelector('iframe')).toBeNull();
    expect(document.getElementById('cowpay-iframe-container')).toBeNull();
  });

  it('cannot ask the server: says so, and Try again asks again and opens the frame', async () => {
    const page = openCheckout('/cowpay/checkout/FRAME-42/tok-retry', [], [new Error('The server is busy.'), 'OPEN']);
    const alert = await screen.findByRole('alert');
    expect(paragraphs(alert)).toEqual(['Could not check this card payment link.', 'The server is busy.']);
    expect(document.querySelector('iframe')).toBeNull();
    act(() => screen.getByRole('button', { name: 'Try again' }).click());
    expect(await page.frameLoads()).toHaveAttribute('src', `${FRAME_BASE}tok-retry`);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('a frame that does not load in time: says so instead of an empty box, and Try again loads it afresh', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const page = openCheckout('/cowpay/checkout/FRAME-42/tok-slow', [], ['OPEN', 'OPEN']);
      // The first time, the frame's page never arrives (the connection dropped on the way).
      const first = await page.frame();
      act(() => vi.advanceTimersByTime(FRAME_TIMEOUT_MS - 1000));
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      act(() => vi.advanceTimersByTime(1000));
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'Cowpay’s payment form is taking too long to load. Check your connection, then try again.',
      );
      expect(document.getElementById('cowpay-iframe-container')).not.toBeVisible();
      act(() => screen.getByRole('button', { name: 'Try again' }).click());
      // The page asks the server again and opens a new frame; this time it arrives.
      await waitFor(() => expect(document.querySelector('iframe')).not.toBe(first));
      const again = await page.frameLoads();
      expect(again).toHaveAttribute('src', `${FRAME_BASE}tok-slow`);
      act(() => vi.advanceTimersByTime(FRAME_TIMEOUT_MS * 2));
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect(document.getElementById('cowpay-iframe-container')).toBeVisible();
    } finally {
      vi.useRealTimers();
    }
  });

  it('a frame that loads late takes the message away again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const page = openCheckout('/cowpay/checkout/FRAME-42/tok-late');
      const frame = await page.frame();
      act(() => vi.advanceTimersByTime(FRAME_TIMEOUT_MS));
      expect(await screen.findByRole('alert')).toHaveTextContent('taking too long to load');
      act(() => {
        frame.dispatchEvent(new Event('load'));
      });
      await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
      expect(frame).toBeVisible();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('CowpayCheckoutPage in Arabic', () => {
  it('a link already paid: says so in Arabic and leads to Account Details', async () => {
    await setTestLocale('ar');
    openCheckout('/cowpay/checkout/FRAME-42/paid-token-ar', [], ['PAID']);
    expect(paragraphs(await screen.findByRole('alert', {}, { timeout: 10_000 }))).toEqual([
      'تمّت عملية الدفع بالبطاقة هذه بالفعل.',
      'لم يعد هناك ما يُدفع بهذا الرابط. تجد مدفوعاتك في صفحة تفاصيل الحساب.',
    ]);
    expect(screen.getByRole('heading', { name: 'الدفع بالبطاقة' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'الانتقال إلى تفاصيل الحساب' })).toHaveAttribute(
      'href',
      '/dashboard/account',
    );
  }, 20_000);

  it('an expired link: says in Arabic that nothing was charged, and leads back to Activate Device', async () => {
    await setTestLocale('ar');
    openCheckout('/cowpay/checkout/FRAME-42/expired-token-ar', [], ['EXPIRED']);
    expect(paragraphs(await screen.findByRole('alert', {}, { timeout: 10_000 }))).toEqual([
      'رابط الدفع بالبطاقة هذا لم يعد صالحًا.',
      'انتهت صلاحية نموذج الدفع قبل إتمام الدفع، لذا لم يُخصم أي مبلغ. للدفع، ابدأ عملية دفع جديدة بالبطاقة من صفحة تفعيل الجهاز.',
    ]);
    expect(screen.getByRole('link', { name: 'العودة إلى تفعيل الجهاز' })).toHaveAttribute(
      'href',
      '/dashboard/active-device',
    );
  }, 20_000);

  it('an open link: the card frame and what it says, in Arabic', async () => {
    await setTestLocale('ar');
    const page = openCheckout('/cowpay/checkout/FRAME-42/open-token-ar', ['COWPAY']);
    await page.frameLoads();
    expect(await screen.findByTitle('نموذج الدفع بالبطاقة', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByText('أدخل بيانات بطاقتك أدناه. بعد إتمام الدفع ستعود إلى لوحة التحكم.')).toBeInTheDocument();
    expect(
      screen.getByText('وضع الاختبار: لا تُحوَّل أي أموال. تعمل طريقة الدفع هذه مع بديل محلي لجهة الدفع.'),
    ).toBeInTheDocument();
    frameSays({ message_source: 'cowpay', payment_status: 'FAILED' });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'فشلت عملية الدفع بالبطاقة ولم يُخصم أي مبلغ. يمكنك البدء من جديد ببطاقة أخرى.',
    );
    expect(dialogs()).toEqual([]);
  }, 20_000);
});
