import type { PaymentMethod, PricingTerms } from './pricing.service';

/** The pricing fields of GET /frontend/device/playlists, under the legacy portal's names. */
export function legacyPricing(pricing: PricingTerms) {
  const flag = (method: PaymentMethod) => (pricing.methods.includes(method) ? 1 : 0);
  return {
    price: pricing.price,
    coin_list: pricing.coins,
    show_opay: flag('opay'),
    show_opay1: flag('opay1'),
    show_mdls: flag('ibostore'),
    show_cowpay: flag('cowpay'),
    show_coin: flag('crypto'),
    show_paypal: flag('paypal'),
    paypal_client_id: pricing.paypalClientId ?? '',
  };
}
