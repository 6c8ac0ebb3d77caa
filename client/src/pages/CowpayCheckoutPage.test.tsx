import { render, screen } from '@testing-library/react';
import { MockedProvider } from '@apollo/client/testing/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { PricingDocument } from '../__generated__/graphql';
import type { PaymentMethod } from '../__generated__/graphql';
import { portalRoutes } from '../routes';
import { buildPricing } from '../test/factories';

const SANDBOX = 'Sandbox: no money moves. This method runs against a local stand-in of its provider.';

function openCheckout(path: string, sandboxMethods: PaymentMethod[] = []) {
  const router = createMemoryRouter([{ path: '/', HydrateFallback: () => null, children: portalRoutes }], {
    initialEntries: [path],
  });
  const pricing = buildPricing({
    cowpayFrameUrl: 'https://cowpay.example/frame/{frameCode}?intention={intention}',
    sandboxMethods,
  });
  render(
    <MockedProvider mocks={[{ request: { query: PricingDocument }, result: { data: { pricing } } }]}>
      <RouterProvider router={router} />
    </MockedProvider>,
  );
}

describe('CowpayCheckoutPage', () => {
  it("embeds the provider's card frame for this payment, 1200px high", async () => {
    openCheckout('/cowpay/checkout/FRAME-42/pay%20now');
    expect(await screen.findByRole('heading', { level: 1, name: 'Card payment' })).toBeInTheDocument();
    const frame = await screen.findByTitle('Card payment form');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('src', 'https://cowpay.example/frame/FRAME-42?intention=pay%20now');
    expect(frame).toHaveAttribute('width', '100%');
    expect(frame).toHaveAttribute('height', '1200');
    expect(screen.queryByText(SANDBOX)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Activate Device' })).toHaveAttribute(
      'href',
      '/dashboard/active-device',
    );
  });

  it('says so when the card payment runs against the sandbox', async () => {
    openCheckout('/cowpay/checkout/FRAME-42/intent-1', ['COWPAY']);
    expect(await screen.findByText(SANDBOX)).toBeInTheDocument();
    expect(screen.getByTitle('Card payment form')).toHaveAttribute(
      'src',
      'https://cowpay.example/frame/FRAME-42?intention=intent-1',
    );
  });
});
