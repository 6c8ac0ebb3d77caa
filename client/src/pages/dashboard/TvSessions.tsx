import { useState } from 'react';
import { formatDisplayDate } from '../../../../common/dates';
import { messages } from '../../../../common/messages';
import type { DeviceTvSessionsQuery } from '../../__generated__/graphql';
import { useDeviceTvSessionsQuery, useRevokeDeviceTokenMutation } from '../../__generated__/hooks';
import { Spinner } from '../../components/Spinner';
import { alertError, confirmAction, notifySuccess } from '../../lib/alerts';
import { readGraphQLFailure } from '../../lib/graphqlFailure';

type TvSession = NonNullable<DeviceTvSessionsQuery['currentDevice']>['tvSessions'][number];

/** The TVs signed in to the device (Account Details), each with a button that signs it out. */
export function TvSessions() {
  // Another TV may have signed in (or out) since the last visit: show what the cache has, then the server's answer.
  const { data, loading, error, refetch } = useDeviceTvSessionsQuery({
    fetchPolicy: 'cache-and-network',
    nextFetchPolicy: 'cache-first',
  });
  const [revoke] = useRevokeDeviceTokenMutation({
    // The TV leaves the list at once; its session is gone from the cache with it.
    update(cache, { data: revoked }) {
      if (!revoked) return;
      cache.evict({ id: cache.identify({ __typename: 'TvSession', id: revoked.revokeDeviceToken.id }) });
      cache.gc();
    },
  });
  const [busyId, setBusyId] = useState<string | null>(null);
  const sessions = data?.currentDevice?.tvSessions;

  async function signOut(session: TvSession) {
    const confirmed = await confirmAction({
      title: messages.tv.signOutTitle,
      text: messages.tv.signOutText,
      confirmText: 'Sign out',
    });
    if (!confirmed) return;
    setBusyId(session.id);
    try {
      const { data: revoked } = await revoke({ variables: { input: { id: session.id } } });
      notifySuccess(revoked?.revokeDeviceToken.message ?? messages.tv.signedOut);
    } catch (failure) {
      alertError(messages.tv.signOutFailed, readGraphQLFailure(failure).message ?? messages.settings.failed);
      // Signed out elsewhere meanwhile, say: show the list as it is now.
      refetch().catch((refetchError: unknown) => console.error('Could not reload the TVs', refetchError));
    } finally {
      setBusyId(null);
    }
  }

  if (!sessions) {
    if (loading) return <Spinner label="Loading TVs…" />;
    return (
      <p className="panel__note" role="alert">
        Could not load the TVs. {readGraphQLFailure(error).message ?? 'Check your connection and try again.'}
      </p>
    );
  }
  if (sessions.length === 0) return <p className="panel__note">No TV is signed in.</p>;
  return (
    <div className="payments-table__wrap">
      <table className="payments-table">
        <caption className="visually-hidden">TVs signed in</caption>
        <thead>
          <tr>
            <th scope="col">TV</th>
            <th scope="col">App version</th>
            <th scope="col">Last seen</th>
            <th scope="col">Signed in since</th>
            <th scope="col">
              <span className="visually-hidden">Sign out</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {sessions.map((session) => {
            const name = session.model ?? 'Unknown model';
            return (
              <tr key={session.id}>
                <td data-label="TV">{name}</td>
                <td data-label="App version">{session.appVersion ?? '—'}</td>
                <td data-label="Last seen">{formatDisplayDate(session.lastSeenAt)}</td>
                <td data-label="Signed in since">{formatDisplayDate(session.signedInAt)}</td>
                <td>
                  <button
                    type="button"
                    className="button button--ghost"
                    aria-label={`Sign out ${name}`}
                    disabled={busyId === session.id}
                    onClick={() => void signOut(session)}
                  >
                    Sign out
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
