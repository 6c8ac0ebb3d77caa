/**
 * The credentials the stand-ins and the product's adapters share in one process: the product makes them (random per
 * process, so nothing outside it can sign a sandbox webhook) and hands them to both.
 */
export interface SandboxKeys {
  paypalClientSecret: string;
  paypalWebhookId: string;
  cryptoApiKey: string;
  cryptoIpnSecret: string;
  /** The NOWPayments account's login (POST /v1/auth), for "Get list of payments". */
  cryptoEmail: string;
  cryptoPassword: string;
  cowpayMerchantCode: string;
  cowpayHashKey: string;
  cowpayApiToken: string;
  opayMerchantId: string;
  opayPublicKey: string;
  opaySecretKey: string;
}
