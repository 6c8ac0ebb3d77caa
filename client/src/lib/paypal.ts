/**
 * The part of PayPal's browser SDK (https://developer.paypal.com/sdk/js/reference/) this site uses: the
 * buttons with the server-side order flow. The SDK puts `paypal` on the window once its script has loaded.
 */
export interface PayPalButtonsOptions {
  /** Returns the id of an order created on the server. Throwing stops the flow (PayPal then calls onError). */
  createOrder: () => Promise<string>;
  /** The buyer approved the order: capture it on the server. */
  onApprove: (data: { orderID: string }, actions: { restart: () => Promise<void> }) => Promise<void>;
  onError: (error: unknown) => void;
}

export interface PayPalButtonsInstance {
  render: (container: HTMLElement) => Promise<void>;
  close?: () => Promise<void>;
}

export interface PayPalNamespace {
  Buttons: (options: PayPalButtonsOptions) => PayPalButtonsInstance;
}

declare global {
  interface Window {
    paypal?: PayPalNamespace;
  }
}
