/**
 * How long a page waits for the server's answer. Without a limit a stalled connection (a phone between networks,
 * a proxy that holds the request) keeps a button busy until the browser gives up, minutes later; with it the
 * visitor is told the request failed, with what they typed still there to send again.
 *
 * On its own, so the public pages use it without downloading the portal's GraphQL client.
 */
export const REQUEST_TIMEOUT_MS = 30_000;
