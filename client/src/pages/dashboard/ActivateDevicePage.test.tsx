import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { MockLink } from '@apollo/client/testing';
import { GraphQLError } from 'graphql';
import Swal from 'sweetalert2';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import {
  ActivationEligibilityDocument,
  CapturePayPalOrderDocument,
  CreatePayPalOrderDocument,
  LastPaymentDocument,
  PricingDocument,
  StartActivationDocument,
  type StartActivationInput,
} from '../../__generated__/graphql';
import { pageNavigation } from '../../lib/pageNavigation';
import type { PayPalNamespace } from '@paypal/paypal-js';
import type { PayPalButtonsOptions } from './payments/PayPalButtons';
import { answerDialogs, dialogs } from '../../test/dialogs';
import { buildDevice, buildPricing } from '../../test/factories';
import { setTestLocale } from '../../test/locale';
import { graphQLError, renderDashboardRoute, signedIn } from '../../test/renderDashboardRoute';

vi.mock('sweetalert2', () => ({ default: { fire: vi.fn(() => Promise.resolve({ isConfirmed: true })) } }));

// The signed-in device's MAC (a1:b2:c3:d4:e5:f6), URL-encoded into the configured page.
const IBOSTORE_PAGE = 'https://ibostore.example/activate?mac=a1%3Ab2%3Ac3%3Ad4%3Ae5%3Af6';
const SANDBOX = 'Sandbox: no money moves. This method runs against a local stand-in of its provider.';
const CHECKOUT_URL = 'https://checkout.example/pay/activation-1';

type Pricing = Parameters<typeof buildPricing>[0];

function pricingMock(overrides: Pricing = {}): MockLink.MockedResponse {
  return { request: { query: PricingDocument }, result: { data: { pricing: buildPricing(overrides) } } };
}

function eligibility(eligible: boolean, message: string | null = null): MockLink.MockedResponse {
  return {
    request: { query: ActivationEligibilityDocument },
    result: { data: { activationEligibility: { __typename: 'ActivationEligibility', eligible, message } } },
  };
}

function startActivation(
  input: StartActivationInput,
  answer: Omit<MockLink.MockedResponse, 'request'> = {
    result: {
      data: {
        startActivation: {
          __typename: 'StartActivationPayload',
          redirectUrl: CHECKOUT_URL,
          activation: { __typename: 'Activation', id: 'activation-1' },
        },
      },
    },
  },
): MockLink.MockedResponse {
  return { request: { query: StartActivationDocument, variables: { input } }, ...answer };
}

/** The device's latest payment still paid, as the graph answers it (none by default). */
function lastPaymentMock(paidAt: string | null = null): MockLink.MockedResponse {
  const lastPayment = paidAt && {
    __typename: 'Activation',
    id: 'activation-0',
    amount: '8.99',
    currency: 'EUR',
    paidAt,
  };
  return {
    request: { query: LastPaymentDocument },
    result: { data: { currentDevice: { __typename: 'Device', id: 'device-1', lastPayment } } },
    maxUsageCount: Number.POSITIVE_INFINITY,
  };
}

async function renderPage(
  mocks: MockLink.MockedResponse[] = [],
  pricing: Pricing = {},
  device = buildDevice(),
  paidAt: string | null = null,
) {
  const rendered = renderDashboardRoute('/dashboard/active-device', [
    signedIn(device),
    pricingMock(pricing),
    lastPaymentMock(paidAt),
    ...mocks,
  ]);
  await screen.findByText('Price: 8.99€');
  const { user } = rendered;
  return {
    ...rendered,
    choose: (label: string) => user.click(screen.getByRole('radio', { name: label })),
    pay: (label: string) => user.click(screen.getByRole('button', { name: `Pay with ${label}` })),
  };
}

let redirect: MockInstance<(url: string) => void>;

beforeEach(() => {
  vi.mocked(Swal.fire).mockClear();
  answerDialogs({ confirm: true });
  redirect = vi.spyOn(pageNavigation, 'redirect').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('ActivateDevicePage: price and methods', () => {
  it('shows the price, the licence length and only the methods the server offers', async () => {
    await renderPage([], { methods: ['IBOSTORE', 'OPAY', 'COWPAY', 'PAYPAL'] });
    expect(screen.getByRole('heading', { name: 'Activate Device' })).toBeInTheDocument();
    expect(screen.getByText('Price: 8.99€')).toBeInTheDocument();
    expect(screen.getByText('365 days')).toBeInTheDocument();

    const group = screen.getByRole('group', { name: 'Payment method' });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['IBOSTORE', 'OPAY', 'COWPAY', 'PAYPAL']);
    expect(within(group).getByRole('radio', { name: 'ibostore' })).toBeInTheDocument();
    expect(within(group).getByRole('radio', { name: 'Card (Cowpay)' })).toBeInTheDocument();
    expect(within(group).queryByRole('radio', { name: 'OPay 1' })).not.toBeInTheDocument();
    expect(within(group).queryByRole('radio', { name: 'Crypto' })).not.toBeInTheDocument();

    // The first method paid on this page is chosen; ibostore would open another site.
    expect(within(group).getByRole('radio', { name: 'OPay' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Pay with OPay' })).toBeInTheDocument();
  });

  it('says under OPay and OPay 1 how they differ for the buyer, in both languages', async () => {
    await renderPage([], { methods: ['OPAY', 'OPAY1', 'PAYPAL'] });
    const group = screen.getByRole('group', { name: 'Payment method' });
    const opay = within(group).getByRole('radio', { name: 'OPay' });
    const opay1 = within(group).getByRole('radio', { name: 'OPay 1' });
    expect(opay).toHaveAccessibleDescription('Our first OPay account.');
    expect(opay1).toHaveAccessibleDescription(
      'Our second OPay account: the same checkout and price. Use it if OPay does not go through.',
    );
    expect(within(group).getByRole('radio', { name: 'PayPal' })).not.toHaveAccessibleDescription();
  });

  it('says Lifetime for a licence without a day count', async () => {
    await renderPage([], { licenceDays: null });
    expect(screen.getByText('Lifetime')).toBeInTheDocument();
  });

  it('names the chosen method on the button and warns when it runs in the sandbox', async () => {
    const { choose } = await renderPage([], { sandboxMethods: ['CRYPTO'] });
    expect(screen.queryByText(SANDBOX)).not.toBeInTheDocument();

    await choose('Crypto');
    expect(screen.getByText(SANDBOX)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay with Crypto' })).toBeInTheDocument();

    await choose('Card (Cowpay)');
    expect(screen.queryByText(SANDBOX)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay with Card (Cowpay)' })).toBeInTheDocument();

    await choose('OPay 1');
    expect(screen.getByRole('button', { name: 'Pay with OPay 1' })).toBeInTheDocument();
    // opay asks for nothing here.
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });
});

describe('ActivateDevicePage: card (Cowpay) form', () => {
  it('refuses empty fields with the spec messages, sends nothing, and hides each message when its field changes', async () => {
    const { choose, pay, user } = await renderPage();
    await choose('Card (Cowpay)');
    for (const label of ['First Name', 'Last Name', 'Mobile']) {
      expect(screen.getByLabelText(label)).toHaveAttribute('maxLength', '17');
    }
    expect(screen.getByLabelText('Country')).toHaveDisplayValue('Egypt (+20)');

    await pay('Card (Cowpay)');
    const expected: [string, string][] = [
      ['First Name', '* First Name is required *'],
      ['Last Name', '* Last Name is required *'],
      ['Email', '* Email is required *'],
      ['Mobile', '* Mobile is required *'],
    ];
    for (const [label, message] of expected) {
      expect(await screen.findByText(message)).toBeInTheDocument();
      expect(screen.getByLabelText(label)).toHaveAccessibleDescription(message);
    }
    expect(Swal.fire).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('First Name'), 'A');
    expect(screen.queryByText('* First Name is required *')).not.toBeInTheDocument();
    expect(screen.getByText('* Last Name is required *')).toBeInTheDocument();

    // The country is part of the phone number: changing it clears the number's message too.
    await user.selectOptions(screen.getByLabelText('Country'), 'GB');
    expect(screen.queryByText('* Mobile is required *')).not.toBeInTheDocument();
  });

  it('refuses an invalid e-mail address', async () => {
    const { choose, pay, user } = await renderPage();
    await choose('Card (Cowpay)');
    await user.type(screen.getByLabelText('Email'), 'amal@example');
    await pay('Card (Cowpay)');
    expect(await screen.findByText('* Invalid email address *')).toBeInTheDocument();
    expect(Swal.fire).not.toHaveBeenCalled();
  });

  it.each([
    ['EG', 'Egypt (+20)', '01001234567', '+201001234567'],
    ['GB', 'United Kingdom (+44)', '07911 123-456', '+447911123456'],
  ])(
    'checks the MAC, confirms, sends the number normalised for %s and goes to the checkout',
    async (country, countryLabel, typed, phoneNumber) => {
      const { choose, pay, user } = await renderPage([
        eligibility(true),
        startActivation({
          method: 'COWPAY',
          firstName: 'Amal',
          lastName: 'Hassan',
          email: 'amal@example.com',
          phoneNumber,
        }),
      ]);
      await choose('Card (Cowpay)');
      // The page keeps the spec's euro price; Cowpay's Egyptian account charges its own.
      expect(screen.getByText('Price: 8.99€')).toBeInTheDocument();
      expect(screen.getByText(/charges/)).toHaveTextContent(
        'Card (Cowpay) charges 499.00 EGP (the price in its account’s currency).',
      );
      await user.type(screen.getByLabelText('First Name'), 'Amal');
      await user.type(screen.getByLabelText('Last Name'), 'Hassan');
      await user.type(screen.getByLabelText('Email'), 'amal@example.com');
      await user.selectOptions(screen.getByLabelText('Country'), country);
      expect(screen.getByLabelText('Country')).toHaveDisplayValue(countryLabel);
      await user.type(screen.getByLabelText('Mobile'), typed);
      await pay('Card (Cowpay)');

      await waitFor(() => expect(redirect).toHaveBeenCalledWith(CHECKOUT_URL));
      expect(redirect).toHaveBeenCalledTimes(1);
      expect(dialogs()).toEqual([
        expect.objectContaining({
          title: 'Confirm payment',
          text: 'Pay 499.00 EGP with Card (Cowpay)? You will be taken to the payment page.',
        }),
      ]);
      // The page is on its way out: the button stays off.
      expect(screen.getByRole('button', { name: 'Pay with Card (Cowpay)' })).toBeDisabled();
    },
  );

  it("shows the server's field messages on the fields", async () => {
    const { choose, pay, user } = await renderPage([
      eligibility(true),
      startActivation(
        {
          method: 'COWPAY',
          firstName: 'Amal',
          lastName: 'Hassan',
          email: 'amal@example.com',
          phoneNumber: '+201001234567',
        },
        {
          result: {
            errors: [
              graphQLError('Check the mobile number.', 'BAD_USER_INPUT', {
                'input.phoneNumber': 'This number cannot receive payment codes',
                email: 'This address is blocked',
              }),
            ],
          },
        },
      ),
    ]);
    await choose('Card (Cowpay)');
    await user.type(screen.getByLabelText('First Name'), 'Amal');
    await user.type(screen.getByLabelText('Last Name'), 'Hassan');
    await user.type(screen.getByLabelText('Email'), 'amal@example.com');
    await user.type(screen.getByLabelText('Mobile'), '01001234567');
    await pay('Card (Cowpay)');

    expect(await screen.findByText('This number cannot receive payment codes')).toBeInTheDocument();
    expect(screen.getByLabelText('Mobile')).toHaveAccessibleDescription('This number cannot receive payment codes');
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('This address is blocked');
    expect(dialogs().map((dialog) => dialog.title)).toEqual(['Confirm payment']);
    expect(redirect).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Pay with Card (Cowpay)' })).toBeEnabled();
  });
});

describe('ActivateDevicePage: crypto form', () => {
  it('asks for an e-mail address and a coin', async () => {
    const { choose, pay, user } = await renderPage();
    await choose('Crypto');
    const coin = screen.getByLabelText('Coin Type');
    expect(
      within(coin)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Choose a coin', 'Bitcoin (BTC)', 'Tether (USDT)']);

    await pay('Crypto');
    expect(await screen.findByText('* Email is required *')).toBeInTheDocument();
    expect(screen.getByText('* Coin Type is required *')).toBeInTheDocument();
    expect(coin).toHaveAccessibleDescription('* Coin Type is required *');
    expect(Swal.fire).not.toHaveBeenCalled();

    await user.selectOptions(coin, 'USDT');
    expect(screen.queryByText('* Coin Type is required *')).not.toBeInTheDocument();
  });

  it('sends only the e-mail address and the coin', async () => {
    const { choose, pay, user } = await renderPage([
      eligibility(true),
      startActivation({ method: 'CRYPTO', email: 'amal@example.com', coinType: 'BTC' }),
    ]);
    await choose('Crypto');
    await user.type(screen.getByLabelText('Email'), 'amal@example.com');
    await user.selectOptions(screen.getByLabelText('Coin Type'), 'BTC');
    await pay('Crypto');
    await waitFor(() => expect(redirect).toHaveBeenCalledWith(CHECKOUT_URL));
  });
});

describe('ActivateDevicePage: paying with OPay', () => {
  it('asks first when the device was paid for within a day: no sends nothing, yes goes on to the usual confirm', async () => {
    const active = buildDevice({ status: 'ACTIVE', expireDate: '2027-11-21T09:30:00.000Z' });
    const paidAt = new Date(Date.now() - 5 * 60_000).toISOString();
    answerDialogs({ confirm: false });
    const page = await renderPage(
      [eligibility(true), eligibility(true), startActivation({ method: 'OPAY' })],
      {},
      active,
      paidAt,
    );
    expect(await screen.findByRole('status')).toHaveTextContent(
      /^Paid: 8\.99€ on .+ Your device is active until 21\sNov\.\s2027\.$/,
    );
    await page.pay('OPay');
    await waitFor(() => expect(dialogs()).toHaveLength(1));
    expect(dialogs()[0]?.title).toMatch(/^You paid 8\.99€ on .+ at \d\d:\d\d; pay again\?$/);
    expect(redirect).not.toHaveBeenCalled();

    answerDialogs({ confirm: true });
    await page.pay('OPay');
    await waitFor(() => expect(redirect).toHaveBeenCalledWith(CHECKOUT_URL));
    expect(
      dialogs()
        .slice(1)
        .map((dialog) => dialog.title),
    ).toEqual([expect.stringMatching(/; pay again\?$/), 'Confirm payment']);
  });

  it('says every payment is a test payment when the operator says so', async () => {
    await renderPage([], { testPayments: true });
    expect(
      screen.getByText('Test payment: this site uses its payment providers’ test accounts, and no real money moves.'),
    ).toBeInTheDocument();
  });

  it.each([
    ['the server message', 'This device has a lifetime licence.', 'This device has a lifetime licence.'],
    ['the spec fallback', null, "We're sorry, but it seems there was an issue with your MAC."],
  ])('shows Error with %s when the MAC cannot be paid for, and sends nothing', async (_case, message, shown) => {
    const { pay } = await renderPage([eligibility(false, message)]);
    await pay('OPay');
    await waitFor(() =>
      expect(dialogs()).toEqual([expect.objectContaining({ icon: 'error', title: 'Error', text: shown })]),
    );
    expect(redirect).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Pay with OPay' })).toBeEnabled());
  });

  it("shows Error with 'Something went wrong.' when the MAC check cannot reach the server", async () => {
    const { pay } = await renderPage([
      { request: { query: ActivationEligibilityDocument }, error: new Error('Network down') },
    ]);
    await pay('OPay');
    await waitFor(() =>
      expect(dialogs()).toEqual([expect.objectContaining({ title: 'Error', text: 'Something went wrong.' })]),
    );
    expect(redirect).not.toHaveBeenCalled();
  });

  it('sends nothing when the owner does not confirm', async () => {
    answerDialogs({ confirm: false });
    const { pay } = await renderPage([eligibility(true)]);
    await pay('OPay');
    await waitFor(() => expect(dialogs()).toEqual([expect.objectContaining({ title: 'Confirm payment' })]));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Pay with OPay' })).toBeEnabled());
    expect(redirect).not.toHaveBeenCalled();
  });

  it('keeps the button off while paying and pays once however often it is pressed', async () => {
    const { pay, user } = await renderPage([eligibility(true), { ...startActivation({ method: 'OPAY' }), delay: 100 }]);
    const button = screen.getByRole('button', { name: 'Pay with OPay' });
    await pay('OPay');
    await waitFor(() => expect(button).toBeDisabled());
    expect(button).toHaveAttribute('aria-busy', 'true');
    await user.click(button);
    await waitFor(() => expect(redirect).toHaveBeenCalledWith(CHECKOUT_URL));
    expect(redirect).toHaveBeenCalledTimes(1);
    expect(dialogs()).toHaveLength(1);
  });

  it.each([
    [
      'with the server message',
      { result: { errors: [graphQLError('OPay is not answering.', 'SERVICE_UNAVAILABLE')] } },
      'Payment failed. OPay is not answering.',
    ],
    [
      'with the spec text when the server cannot be reached',
      { error: new Error('Network down') },
      "We're sorry, but it seems there was an issue processing your payment.",
    ],
  ])('says Payment Failed %s', async (_case, answer, text) => {
    const { pay } = await renderPage([eligibility(true), startActivation({ method: 'OPAY' }, answer)]);
    await pay('OPay');
    await waitFor(() =>
      expect(dialogs()).toEqual([
        expect.objectContaining({ title: 'Confirm payment' }),
        expect.objectContaining({ icon: 'error', title: 'Payment Failed', text }),
      ]),
    );
    expect(redirect).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Pay with OPay' })).toBeEnabled();
  });
});

describe('ActivateDevicePage: ibostore', () => {
  it("opens the activation page for this device's MAC when chosen, with a link in case it was blocked", async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const { choose, pay } = await renderPage();
    expect(open).not.toHaveBeenCalled();

    await choose('ibostore');
    expect(open).toHaveBeenCalledWith(IBOSTORE_PAGE, '_blank', 'noopener');
    expect(screen.getByRole('link', { name: 'Open the activation page' })).toHaveAttribute('href', IBOSTORE_PAGE);
    expect(screen.getByRole('link', { name: 'Open the activation page' })).toHaveAttribute('target', '_blank');

    await pay('ibostore');
    expect(open).toHaveBeenCalledTimes(2);
    expect(open).toHaveBeenLastCalledWith(IBOSTORE_PAGE, '_blank', 'noopener');
    expect(Swal.fire).not.toHaveBeenCalled();
  });

  it('is not offered when the server has no store address (IBOSTORE_URL unset), and nothing opens', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    await renderPage([], { methods: ['OPAY', 'COWPAY', 'PAYPAL'], ibostoreUrl: null });
    const group = screen.getByRole('group', { name: 'Payment method' });
    expect(within(group).queryByRole('radio', { name: 'ibostore' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Open the activation page' })).not.toBeInTheDocument();
    expect(within(group).getByRole('radio', { name: 'OPay' })).toBeChecked();
    expect(open).not.toHaveBeenCalled();
  });
});

describe('ActivateDevicePage: amounts in their currency', () => {
  it.each([
    ['JPY', '1500', '1500 JPY'],
    ['KWD', '2.750', '2.750 KWD'],
  ])('shows a method charging in %s with its own decimals', async (currency, price, shown) => {
    await renderPage([], {
      methods: ['CRYPTO'],
      methodPrices: [{ __typename: 'MethodPrice', method: 'CRYPTO', price, currency }],
    });
    expect(screen.getByText(shown)).toBeInTheDocument();
  });
});

describe('ActivateDevicePage: PayPal', () => {
  let sdkCount = 0;

  /** A stand-in for PayPal's SDK: records the options its buttons were given. */
  function installPayPal() {
    const render = vi.fn((_container: HTMLElement) => Promise.resolve());
    const Buttons = vi.fn((_options: PayPalButtonsOptions) => ({ render, close: () => Promise.resolve() }));
    window.paypal = { Buttons, version: 'test' } as unknown as PayPalNamespace;
    return {
      render,
      Buttons,
      options: () => {
        const options = Buttons.mock.lastCall?.[0];
        if (!options) throw new Error('The PayPal buttons were not rendered');
        return options;
      },
    };
  }

  /** Renders the page with PayPal as the only method and lets its SDK script "load". */
  async function renderPayPal(mocks: MockLink.MockedResponse[] = [], paidAt: string | null = null) {
    sdkCount += 1;
    const sdkUrl = `https://paypal.example/sdk/js?client-id=test-${sdkCount}&currency=EUR`;
    const paypal = installPayPal();
    const active = buildDevice({ status: 'ACTIVE', expireDate: '2027-11-21T09:30:00.000Z' });
    const page = await renderPage(
      mocks,
      { methods: ['PAYPAL'], paypalSdkUrl: sdkUrl },
      paidAt ? active : undefined,
      paidAt,
    );
    const script = Array.from(document.scripts).find((element) => element.getAttribute('src') === sdkUrl);
    if (!script) throw new Error('The PayPal SDK was not requested');
    act(() => {
      script.dispatchEvent(new Event('load'));
    });
    await waitFor(() => expect(paypal.render).toHaveBeenCalledTimes(1));
    return { ...page, ...paypal };
  }

  afterEach(() => {
    delete window.paypal;
    vi.useRealTimers();
  });

  it("renders PayPal's buttons; the form's own button only says to use them and sends nothing", async () => {
    const { pay, render } = await renderPayPal();
    expect(render.mock.calls[0]?.[0]).toBeInstanceOf(HTMLElement);

    await pay('PayPal');
    await waitFor(() =>
      expect(dialogs()).toEqual([expect.objectContaining({ title: 'You have to select a payment method' })]),
    );
    expect(redirect).not.toHaveBeenCalled();
  });

  it('creates the order on the server after the MAC check', async () => {
    const { options } = await renderPayPal([
      eligibility(true),
      {
        request: { query: CreatePayPalOrderDocument },
        result: { data: { createPayPalOrder: { __typename: 'PayPalOrder', id: 'ORDER-1' } } },
      },
    ]);
    let orderId: string | undefined;
    await act(async () => {
      orderId = await options().createOrder();
    });
    expect(orderId).toBe('ORDER-1');
  });

  it('stops and says why for 5 seconds when the MAC cannot be paid for', async () => {
    const { options } = await renderPayPal([eligibility(false, 'This device has a lifetime licence.')]);
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await act(async () => {
      await expect(options().createOrder()).rejects.toThrow();
    });
    // PayPal reports the stopped flow to onError; the reason already shown stays.
    act(() => options().onError(new Error('createOrder failed')));
    expect(screen.getByText('This device has a lifetime licence.')).toBeInTheDocument();
    expect(screen.queryByText('Sorry, something is wrong / Please try again')).not.toBeInTheDocument();

    act(() => vi.advanceTimersByTime(4900));
    expect(screen.getByText('This device has a lifetime licence.')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByText('This device has a lifetime licence.')).not.toBeInTheDocument();
  });

  function capture(answer: Omit<MockLink.MockedResponse, 'request'>): MockLink.MockedResponse {
    return { request: { query: CapturePayPalOrderDocument, variables: { orderId: 'ORDER-1' } }, ...answer };
  }

  async function approve(options: PayPalButtonsOptions) {
    const restart = vi.fn(() => Promise.resolve());
    await act(() => options.onApprove({ orderID: 'ORDER-1' }, { restart }));
    return restart;
  }

  it('captures the approved order and thanks the owner for 5 seconds', async () => {
    const { options } = await renderPayPal([
      capture({
        result: {
          data: {
            capturePayPalOrder: {
              __typename: 'CapturePayPalOrderPayload',
              activation: { __typename: 'Activation', id: 'activation-1', status: 'PAID' },
              device: {
                ...buildDevice({ status: 'ACTIVE', expireDate: '2027-11-21T09:30:00.000Z' }),
                lastPayment: {
                  __typename: 'Activation',
                  id: 'activation-1',
                  amount: '8.99',
                  currency: 'EUR',
                  paidAt: new Date().toISOString(),
                },
              },
            },
          },
        },
      }),
    ]);
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const restart = await approve(options());
    expect(screen.getByText('Thanks for your payment, your MAC address is now activated.')).toBeInTheDocument();
    expect(restart).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(5000));
    expect(screen.queryByText('Thanks for your payment, your MAC address is now activated.')).not.toBeInTheDocument();
    // The paid state lasts: the screen says it is paid and until when, and PayPal's buttons wait behind a question.
    expect(screen.getByRole('status')).toHaveTextContent(
      /^Paid: 8\.99€ on \d{1,2}\s\w{3}\.\s2026 at \d\d:\d\d\. Your device is active until 21\sNov\.\s2027\.$/,
    );
    expect(screen.getByRole('button', { name: 'Pay again with PayPal' })).toBeInTheDocument();
  });

  it('asks before paying again within a day of a payment, and shows the buttons only on yes', async () => {
    const paidAt = new Date(Date.now() - 60_000);
    const { render, user } = await renderPayPal([], paidAt.toISOString());
    const buttons = render.mock.calls[0]?.[0] as HTMLElement;
    expect(buttons).not.toBeVisible();

    answerDialogs({ confirm: false });
    await user.click(screen.getByRole('button', { name: 'Pay again with PayPal' }));
    await waitFor(() => expect(dialogs()).toHaveLength(1));
    const time = `${String(paidAt.getHours()).padStart(2, '0')}:${String(paidAt.getMinutes()).padStart(2, '0')}`;
    expect(dialogs()[0]).toMatchObject({
      title: expect.stringMatching(new RegExp(`^You paid 8\\.99€ on .+ at ${time}; pay again\\?$`)),
      icon: 'warning',
    });
    expect(buttons).not.toBeVisible();

    answerDialogs({ confirm: true });
    await user.click(screen.getByRole('button', { name: 'Pay again with PayPal' }));
    await waitFor(() => expect(buttons).toBeVisible());
    expect(screen.queryByRole('button', { name: 'Pay again with PayPal' })).not.toBeInTheDocument();
  });

  it('shows the buttons at once when the last payment is more than a day old', async () => {
    const { render } = await renderPayPal([], new Date(Date.now() - 25 * 3_600_000).toISOString());
    expect(render.mock.calls[0]?.[0]).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Pay again with PayPal' })).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(/^Paid: 8\.99€ on /);
  });

  it('says the payment is being processed, not activated, when PayPal holds the capture', async () => {
    const { options } = await renderPayPal([
      capture({
        result: {
          data: {
            capturePayPalOrder: {
              __typename: 'CapturePayPalOrderPayload',
              activation: { __typename: 'Activation', id: 'activation-1', status: 'PENDING' },
              device: { ...buildDevice({ status: 'TRIAL' }), lastPayment: null },
            },
          },
        },
      }),
    ]);
    const restart = await approve(options());
    expect(
      screen.getByText('Payment is being processed. Your device will be activated once the payment is confirmed.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/now activated/)).not.toBeInTheDocument();
    expect(restart).not.toHaveBeenCalled();
  });

  it('restarts the buttons when the card was declined', async () => {
    const { options } = await renderPayPal([
      capture({
        result: {
          errors: [
            new GraphQLError('The card was declined.', {
              extensions: { code: 'PAYMENT_DECLINED', issue: 'INSTRUMENT_DECLINED' },
            }),
          ],
        },
      }),
    ]);
    const restart = await approve(options());
    expect(restart).toHaveBeenCalledTimes(1);
    expect(screen.queryByText(/could not be processed/)).not.toBeInTheDocument();
    // The owner is told, not left wondering why the buttons came back.
    expect(screen.getByText('Your card was declined. Choose another card or another way to pay.')).toBeInTheDocument();
  });

  it('keeps a message for whoever needs longer than 5 seconds (WCAG 2.2.1), and brings it into view', async () => {
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    const { options, user } = await renderPayPal([eligibility(false, 'This device has a lifetime licence.')]);
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await act(async () => {
      await expect(options().createOrder()).rejects.toThrow();
    });
    expect(scrolled).toHaveBeenCalled();
    const message = screen.getByText('This device has a lifetime licence.');
    // Pointed at, it stays.
    fireEvent.pointerEnter(message);
    act(() => vi.advanceTimersByTime(8000));
    expect(screen.getByText('This device has a lifetime licence.')).toBeInTheDocument();
    fireEvent.pointerLeave(message);
    // Kept, it stays until closed.
    await user.click(screen.getByRole('button', { name: 'Keep this message' }));
    act(() => vi.advanceTimersByTime(60_000));
    expect(screen.getByText('This device has a lifetime licence.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByText('This device has a lifetime licence.')).not.toBeInTheDocument();
  });

  it("says the transaction could not be processed, with PayPal's description and debug id", async () => {
    const { options } = await renderPayPal([
      capture({
        result: {
          errors: [
            new GraphQLError('PayPal refused the payment.', {
              extensions: {
                code: 'PAYMENT_FAILED',
                issue: 'TRANSACTION_REFUSED',
                description: 'The request was refused.',
                debugId: 'f00ba7',
              },
            }),
          ],
        },
      }),
    ]);
    const restart = await approve(options());
    expect(
      screen.getByText('Sorry, your transaction could not be processed. The request was refused. (debug id: f00ba7)'),
    ).toBeInTheDocument();
    expect(restart).not.toHaveBeenCalled();
  });

  it('says something is wrong when the capture cannot reach the server', async () => {
    const { options } = await renderPayPal([capture({ error: new Error('Network down') })]);
    await approve(options());
    expect(screen.getByText('Sorry, something is wrong / Please try again')).toBeInTheDocument();
  });
});

describe('ActivateDevicePage in Arabic', () => {
  // Intl's Arabic currency format, Latin digits: a right-to-left mark, the amount, a no-break space, the currency.
  const EURO_PRICE = '\u200f8.99\u00a0€';
  const EGP_PRICE = '\u200f499.00\u00a0ج.م.\u200f';
  /** As Testing Library matches text: its no-break spaces as spaces. */
  const shown = (text: string) => text.replaceAll('\u00a0', ' ');

  async function renderArabic(mocks: MockLink.MockedResponse[] = [], device = buildDevice()) {
    await setTestLocale('ar');
    const rendered = renderDashboardRoute('/dashboard/active-device', [signedIn(device), pricingMock(), ...mocks]);
    await screen.findByText(shown(`السعر: ${EURO_PRICE}`), {}, { timeout: 10_000 });
    return rendered;
  }

  it('offers the methods in Arabic, with the price, the licence length and where an active device stands', async () => {
    await renderArabic([], buildDevice({ status: 'ACTIVE', expireDate: '2099-12-02T12:00:00.000Z' }));
    expect(screen.getByRole('heading', { name: 'تفعيل الجهاز' })).toBeInTheDocument();
    expect(screen.getByText('مدة الترخيص:', { exact: false })).toHaveTextContent('مدة الترخيص: 365 يومًا');
    expect(
      screen.getByText('جهازك مفعّل حتى 2 ديسمبر 2099. يضيف الدفع الآن مدة 365 يومًا بعد ذلك، أي حتى 2 ديسمبر 2100.'),
    ).toBeInTheDocument();
    expect(screen.getByText('يُفعَّل جهازك فور تأكيد الدفع، وقد يستغرق ذلك ساعة واحدة على الأكثر.')).toBeInTheDocument();

    const group = screen.getByRole('group', { name: 'طريقة الدفع' });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual([
      'ibostore',
      'OPayحسابنا الأول في OPay.',
      'OPay 1حسابنا الثاني في OPay: صفحة الدفع نفسها والسعر نفسه. استخدمه إذا لم يتم الدفع عبر OPay.',
      'بطاقة بنكية (Cowpay)',
      'عملات رقمية',
      'PayPal',
    ]);
    // What tells the two OPay accounts apart is each one's description, its name staying the method's.
    expect(within(group).getByRole('radio', { name: 'OPay 1' })).toHaveAccessibleDescription(
      'حسابنا الثاني في OPay: صفحة الدفع نفسها والسعر نفسه. استخدمه إذا لم يتم الدفع عبر OPay.',
    );
    expect(within(group).getByRole('radio', { name: 'OPay' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'ادفع عبر OPay' })).toBeInTheDocument();
    expect(screen.getByText('سيطلب منك OPay بياناتك في صفحة الدفع الخاصة به.')).toBeInTheDocument();
  }, 20_000);

  it('asks for the card payer in Arabic and confirms the amount in Arabic before going to the checkout', async () => {
    const { user } = await renderArabic([
      eligibility(true),
      startActivation({
        method: 'COWPAY',
        firstName: 'Amal',
        lastName: 'Hassan',
        email: 'amal@example.com',
        phoneNumber: '+201001234567',
      }),
    ]);
    await user.click(screen.getByRole('radio', { name: 'بطاقة بنكية (Cowpay)' }));
    expect(screen.getByText(/يُخصم عبر/)).toHaveTextContent(
      shown(`يُخصم عبر بطاقة بنكية (Cowpay) مبلغ ${EGP_PRICE} (بعملة حساب جهة الدفع).`),
    );
    // The country's dial code stays left to right inside its Arabic name.
    expect(screen.getByLabelText('الدولة')).toHaveDisplayValue('مصر (\u2066+20\u2069)');
    expect(screen.getByLabelText('البريد الإلكتروني')).toHaveAttribute('dir', 'ltr');
    expect(screen.getByLabelText('رقم الهاتف المحمول')).toHaveAttribute('dir', 'ltr');

    await user.type(screen.getByLabelText('الاسم الأول'), 'Amal');
    await user.type(screen.getByLabelText('اسم العائلة'), 'Hassan');
    await user.type(screen.getByLabelText('البريد الإلكتروني'), 'amal@example.com');
    await user.type(screen.getByLabelText('رقم الهاتف المحمول'), '01001234567');
    await user.click(screen.getByRole('button', { name: 'ادفع عبر بطاقة بنكية (Cowpay)' }));

    await waitFor(() => expect(redirect).toHaveBeenCalledWith(CHECKOUT_URL));
    expect(dialogs()).toEqual([
      expect.objectContaining({
        title: 'تأكيد الدفع',
        text: `هل تريد دفع ${EGP_PRICE} عبر بطاقة بنكية (Cowpay)؟ سيتم نقلك إلى صفحة الدفع.`,
      }),
    ]);
  }, 20_000);

  it('says in Arabic that a trial device gets its licence when the trial ends, and a lifetime licence as such', async () => {
    await setTestLocale('ar');
    renderDashboardRoute('/dashboard/active-device', [
      signedIn(buildDevice({ status: 'TRIAL', expireDate: '2099-03-01T12:00:00.000Z' })),
      pricingMock({ licenceDays: null }),
    ]);
    expect(
      await screen.findByText(
        'فترتك التجريبية سارية حتى 1 مارس 2099. يبدأ الترخيص الذي تشتريه الآن عند انتهائها، وهو ترخيص مدى الحياة.',
        {},
        { timeout: 10_000 },
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('مدى الحياة')).toBeInTheDocument();
  }, 20_000);
});
