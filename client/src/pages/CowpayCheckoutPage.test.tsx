import { act, render, screen, waitFor } from '@testing-library/react';
import { MockedProvider } from '@apollo/client/testing/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import Swal from 'sweetalert2';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PricingDocument } from '../__generated__/graphql';
import type { PaymentMethod } from '../__generated__/graphql';
import { UserProvider } from '../hooks/useUser';
import { portalRoutes } from '../routes';
import { dialogs } from '../test/dialogs';
import { buildPricing } from '../test/factories';
import { playlistsMock } from '../test/playlistPages';
import { signedIn } from '../test/renderDashboardRoute';

vi.mock('sweetalert2', () => ({ default: { fire: vi.fn(() => Promise.resolve({ isConfirmed: true })) } }));

const SANDBOX = 'Sandbox: no money moves. This method runs against a local stand-in of its provider.';
let pluginCount = 0;

/**
 * Opens the checkout page with a plugin address of its own (a script loads once per page and address), and
 * returns what stands in for Cowpay's iframe plugin: its script element and the calls the page makes.
 */
function openCheckout(path: string, sandboxMethods: PaymentMethod[] = []) {
  pluginCount += 1;
  const pluginUrl = `https://cowpay.example/js/plugins/CCIframePlugin.js?test=${pluginCount}`;
  const router = createMemoryRouter([{ path: '/', HydrateFallback: () => null, children: portalRoutes }], {
    initialEntries: [path],
  });
  const pricing = buildPricing({ cowpayFrameUrl: pluginUrl, sandboxMethods });
  render(
    <MockedProvider
      mocks={[{ request: { query: PricingDocument }, result: { data: { pricing } } }, signedIn(), playlistsMock([])]}
    >
      <UserProvider>
        <RouterProvider router={router} />
      </UserProvider>
    </MockedProvider>,
  );
  const calls: string[] = [];
  /** What Cowpay's plugin does, as far as the page can see: a frame in the container for the token. */
  const plugin = {
    init: vi.fn(() => calls.push('init')),
    load: vi.fn((token: string) => {
      calls.push(`load ${token}`);
      const frame = document.createElement('iframe');
      frame.src = `https://cowpay.example/frame/${token}`;
      document.getElementById('cowpay-iframe-container')!.appendChild(frame);
    }),
  };
  const scriptElement = async () => {
    await waitFor(() => expect(document.querySelector(`script[src="${pluginUrl}"]`)).not.toBeNull());
    return document.querySelector(`script[src="${pluginUrl}"]`)!;
  };
  /** The plugin's script arrives (or fails to). */
  const pluginLoads = async (ok = true) => {
    const script = await scriptElement();
    if (ok) window.COWPAYIFRAMEDIALOG = plugin;
    act(() => {
      script.dispatchEvent(new Event(ok ? 'load' : 'error'));
    });
  };
  return { router, pluginUrl, plugin, calls, scriptElement, pluginLoads };
}

/** A message event as the card frame (or `source`) posts it to the page. */
function frameSays(data: unknown, source: Window | null = frameWindow()) {
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { data, source }));
  });
}

function frameWindow(): Window {
  return (document.querySelector('#cowpay-iframe-container iframe') as HTMLIFrameElement).contentWindow!;
}

afterEach(() => {
  delete window.COWPAYIFRAMEDIALOG;
  vi.mocked(Swal.fire).mockClear();
});

describe('CowpayCheckoutPage', () => {
  it("loads Cowpay's iframe plugin and opens its card frame for this payment's token, 1200px high", async () => {
    const page = openCheckout('/cowpay/checkout/FRAME-42/466221e4c3530cd9628ec25ad301e370');
    expect(await screen.findByRole('heading', { level: 1, name: 'Card payment' })).toBeInTheDocument();
    expect(await page.scriptElement()).toBeInTheDocument();
    expect(screen.getByText('Loading the payment form…')).toBeInTheDocument();
    expect(page.plugin.load).not.toHaveBeenCalled();
    await page.pluginLoads();
    // Cowpay's documented calls, in order, with the page's {intension}: the iframe token.
    expect(page.calls).toEqual(['init', 'load 466221e4c3530cd9628ec25ad301e370']);
    const frame = await screen.findByTitle('Card payment form');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.parentElement?.id).toBe('cowpay-iframe-container');
    expect(frame).toHaveAttribute('src', 'https://cowpay.example/frame/466221e4c3530cd9628ec25ad301e370');
    await waitFor(() => expect(frame).toHaveAttribute('height', '1200'));
    expect(frame.style.height).toBe('1200px');
    expect(frame.style.width).toBe('100%');
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
    await page.pluginLoads();
    expect(page.calls).toEqual(['init', 'load intent-1']);
  });

  it('goes on to the return page once the frame reports PAID', async () => {
    const page = openCheckout('/cowpay/checkout/FRAME-42/tok-paid');
    await page.pluginLoads();
    await screen.findByTitle('Card payment form');
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
    await page.pluginLoads();
    await screen.findByTitle('Card payment form');
    frameSays({ message_source: 'cowpay', payment_status: status, cowpay_reference_id: '1000242' });
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(page.router.state.location.pathname).toBe('/cowpay/checkout/FRAME-42/tok-failed');
  });

  it('takes no word from a window that is not the card frame, nor a message that is not Cowpay’s', async () => {
    const page = openCheckout('/cowpay/checkout/FRAME-42/tok-other');
    await page.pluginLoads();
    await screen.findByTitle('Card payment form');
    frameSays({ message_source: 'cowpay', payment_status: 'PAID' }, window);
    frameSays({ message_source: 'cowpay', payment_status: 'PAID' }, null);
    frameSays({ message_source: 'elsewhere', payment_status: 'PAID' });
    frameSays('PAID');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(page.router.state.location.pathname).toBe('/cowpay/checkout/FRAME-42/tok-other');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("says so when Cowpay's plugin cannot be loaded", async () => {
    const page = openCheckout('/cowpay/checkout/FRAME-42/tok-offline');
    await page.pluginLoads(false);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Could not load Cowpay’s payment form. Check your connection, then reload the page.',
    );
    expect(page.plugin.load).not.toHaveBeenCalled();
    expect(screen.queryByText('Loading the payment form…')).not.toBeInTheDocument();
  });

  it('says so when the plugin loads but defines no COWPAYIFRAMEDIALOG', async () => {
    const page = openCheckout('/cowpay/checkout/FRAME-42/tok-broken');
    const script = await page.scriptElement();
    act(() => {
      script.dispatchEvent(new Event('load'));
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "Cowpay's payment form did not start. Reload the page to try again.",
    );
  });
});
