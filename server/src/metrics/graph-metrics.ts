import type { ApolloServerPlugin, BaseContext } from '@apollo/server';
import { GraphQLError } from 'graphql';
import { isErrorCode } from '../../../common/errors';
import type { PersistedOperation } from '../graphql/safelist';
import type { Metrics } from './metrics';

/**
 * The operations the portal sends (client/src/**\/*.graphql), by name and type; graph-metrics.test.ts holds this
 * list to the client's files. The built server has no client sources to read them from.
 */
export const PORTAL_OPERATIONS: Readonly<Record<string, 'query' | 'mutation'>> = {
  ActivationEligibility: 'query',
  ApproveTvLink: 'mutation',
  Captcha: 'query',
  CapturePayPalOrder: 'mutation',
  CardCheckout: 'query',
  ChangeDeviceKey: 'mutation',
  ChangeParentPin: 'mutation',
  CheckPlaylist: 'mutation',
  CheckPlaylistValues: 'mutation',
  CreatePayPalOrder: 'mutation',
  CreatePlaylist: 'mutation',
  CurrentDevice: 'query',
  DeletePlaylist: 'mutation',
  DevicePayments: 'query',
  DeviceTvSessions: 'query',
  LastPayment: 'query',
  Login: 'mutation',
  Logout: 'mutation',
  Playlist: 'query',
  Playlists: 'query',
  Pricing: 'query',
  RefuseTvLink: 'mutation',
  RevokeDeviceToken: 'mutation',
  SetPlaylistLockedGroups: 'mutation',
  StartActivation: 'mutation',
  SwitchMacAddress: 'mutation',
  TvLink: 'query',
  UnlockPlaylist: 'mutation',
  UpdatePlaylist: 'mutation',
};

/** A code as the client received it, from the fixed list of the graph's codes; anything else is 'other'. */
function codeLabel(code: unknown): string {
  return isErrorCode(code) ? code : 'other';
}

/**
 * The graph's metrics: each operation by name and type, with its time, and every error by code. An operation's name
 * is its own only when the document is a safelisted one (its hash is a persisted operation's id, sent by id or in
 * full) or it bears the name and type of one of the portal's operations; any other name a client makes up is
 * 'other', so nobody can add series by naming operations. A request that never came to an operation (a document
 * that does not parse or validate) is 'other' of type 'unknown'. Requests refused before the graph runs (a token
 * that opens nothing, a body that is not JSON) count among the errors only; TV start-ups answered 304 by
 * tv-startup-cache.ts never reach the graph and count only as HTTP requests.
 */
export function graphMetricsPlugin<TContext extends BaseContext>(
  metrics: Metrics,
  persisted: readonly PersistedOperation[],
): ApolloServerPlugin<TContext> {
  const safelisted = new Map(persisted.map((operation) => [operation.id, operation.name]));
  return {
    async requestDidStart() {
      const started = process.hrtime.bigint();
      let name = 'other';
      let type = 'unknown';
      return {
        async didResolveOperation({ operation, operationName, queryHash }) {
          type = operation?.operation ?? 'unknown';
          const portal =
            operationName !== null &&
            Object.hasOwn(PORTAL_OPERATIONS, operationName) &&
            PORTAL_OPERATIONS[operationName] === type;
          name = safelisted.get(queryHash) ?? (portal ? operationName : 'other');
        },
        async willSendResponse({ response }) {
          metrics.graphOperation(name, type, Number(process.hrtime.bigint() - started) / 1e9);
          const errors = response.body.kind === 'single' ? response.body.singleResult.errors : undefined;
          for (const error of errors ?? []) metrics.graphError(codeLabel(error.extensions?.code));
        },
      };
    },
    // Who is calling could not be worked out (graphql/context.ts): a token that opens nothing, the database away.
    async contextCreationDidFail({ error }) {
      metrics.graphError(
        error instanceof GraphQLError && error.extensions.code !== undefined
          ? codeLabel(error.extensions.code)
          : 'INTERNAL_SERVER_ERROR',
      );
    },
    // Apollo's refusals of a request it could not read (a missing query, the CSRF prevention's).
    async invalidRequestWasReceived() {
      metrics.graphError('BAD_REQUEST');
    },
  };
}
