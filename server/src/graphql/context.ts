import type { Request, Response } from 'express';
import type { Config } from '../config';
import { DomainError, NOT_SIGNED_IN_MESSAGE } from '../common/errors';
import type { DeviceEntity } from '../device/device.entity';
import { clientIp, type Authentication, type AuthenticatedVia } from '../auth/authenticate';
import type { Services } from '../services';

/**
 * The HTTP request and response an operation runs for, let go of once it has been answered (graphql/http.ts).
 *
 * Apollo hands the executor (graphql/executor.ts, through its gateway interface) a request context whose
 * `response.http.status` is a getter and setter made for each request, and V8's minor garbage collections do not
 * free an object built that way nor what its accessors reach (a bare literal of that shape: 8.8 MB of every 24 MB
 * survive a scavenge, 0.2 MB with a plain field instead): every operation's context stayed alive until the next
 * full collection, and with it everything its request and response hold. Released, the exchange holds nothing, and
 * only Apollo's own part stays (the operation's variables and result). Measured on the load benchmark's GraphQL
 * traffic: 4.9 MB promoted per scavenge before, 2.2 MB after (a plain Apollo server without a gateway: 0.3 MB);
 * pauses 8 → 6 ms. Apollo itself is now patched to build that status on a class (patches/@apollo+server+5.5.1.patch,
 * which also spares the 460 ns of building such a literal); the exchange stays, so that a resolver's request and
 * response never outlive the answer whatever Apollo keeps.
 */
export class HttpExchange {
  #req: Request | undefined;
  #res: Response | undefined;

  constructor(req: Request, res: Response) {
    this.#req = req;
    this.#res = res;
  }

  get req(): Request {
    if (!this.#req) throw new Error('This operation has already been answered.');
    return this.#req;
  }

  get res(): Response {
    if (!this.#res) throw new Error('This operation has already been answered.');
    return this.#res;
  }

  release(): void {
    this.#req = undefined;
    this.#res = undefined;
  }
}

/** What every resolver receives. Built once per HTTP request. */
export interface GraphQLContext {
  http: HttpExchange;
  config: Config;
  services: Services;
  clientIp: string;
  /** The signed-in device (portal session) or the TV authenticated by its token; null when anonymous. */
  device: DeviceEntity | null;
  via: AuthenticatedVia | null;
}

/**
 * The context of an operation sent over HTTP. The caller's address is worked out the first time a resolver asks
 * for it (sign-in, registration, PIN checks, the contact form), not for every operation: Express's `req.ip` walks
 * the trusted proxies' addresses (about 4 µs a request under the load benchmark), and the device check and the
 * playlist list, most of the portal's traffic, never use the address.
 *
 * A class, so that the getter lives on the prototype: Apollo copies the context's own properties into a new
 * object of the same prototype (hence no `#` fields, which would not be copied), and V8 builds an object literal
 * with a getter of its own through its runtime, slowly, as Apollo's patch (see HttpExchange) found.
 */
export class HttpOperationContext implements GraphQLContext {
  readonly device: DeviceEntity | null;
  readonly via: AuthenticatedVia | null;
  private address: string | undefined = undefined;

  constructor(
    readonly http: HttpExchange,
    readonly config: Config,
    readonly services: Services,
    auth: Authentication,
  ) {
    this.device = auth.device;
    this.via = auth.via;
  }

  get clientIp(): string {
    return (this.address ??= clientIp(this.http.req));
  }
}

/** The calling device, or UNAUTHENTICATED: every device-scoped field starts here. */
export function requireDevice(ctx: GraphQLContext): DeviceEntity {
  if (!ctx.device) throw new DomainError('UNAUTHENTICATED', NOT_SIGNED_IN_MESSAGE);
  return ctx.device;
}
