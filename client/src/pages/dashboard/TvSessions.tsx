import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { messages } from '../../../../common/messages';
import type { DeviceTvSessionsQuery } from '../../__generated__/graphql';
import { useDeviceTvSessionsQuery, useRevokeDeviceTokenMutation } from '../../__generated__/hooks';
import { Spinner } from '../../components/Spinner';
import { useFormatDate } from '../../i18n/format';
import { useLocale } from '../../i18n/LocaleProvider';
import { alertError, confirmAction, notifySuccess } from '../../lib/alerts';
import { readGraphQLFailure } from '../../lib/graphqlFailure';

type TvSession = NonNullable<DeviceTvSessionsQuery['currentDevice']>['tvSessions'][number];

/** The TVs signed in to the device (Account Details), each with a button that signs it out. */
export function TvSessions() {
  const intl = useIntl();
  const { text } = useLocale();
  const formatDate = useFormatDate();
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
      confirmText: intl.formatMessage({ id: 'tv.signOut.confirm', defaultMessage: 'Sign out' }),
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
    if (loading) return <Spinner label={intl.formatMessage({ id: 'tv.loading', defaultMessage: 'Loading TVs…' })} />;
    const reason = readGraphQLFailure(error).message;
    return (
      <p className="panel__note" role="alert">
        <FormattedMessage
          id="tv.failed"
          defaultMessage="Could not load the TVs. {reason}"
          values={{
            reason: reason
              ? text(reason)
              : intl.formatMessage({
                  id: 'tv.checkConnection',
                  defaultMessage: 'Check your connection and try again.',
                }),
          }}
        />
      </p>
    );
  }
  if (sessions.length === 0)
    return (
      <p className="panel__note">
        <FormattedMessage id="tv.none" defaultMessage="No TV is signed in." />
      </p>
    );
  const columns = {
    tv: intl.formatMessage({ id: 'tv.column.tv', defaultMessage: 'TV' }),
    appVersion: intl.formatMessage({ id: 'tv.column.appVersion', defaultMessage: 'App version' }),
    lastSeen: intl.formatMessage({ id: 'tv.column.lastSeen', defaultMessage: 'Last seen' }),
    signedInAt: intl.formatMessage({ id: 'tv.column.signedInAt', defaultMessage: 'Signed in since' }),
  };
  const signOutLabel = intl.formatMessage({ id: 'tv.signOut', defaultMessage: 'Sign out' });
  return (
    <div className="payments-table__wrap">
      <table className="payments-table">
        <caption className="visually-hidden">
          <FormattedMessage id="tv.caption" defaultMessage="TVs signed in" />
        </caption>
        <thead>
          <tr>
            <th scope="col">{columns.tv}</th>
            <th scope="col">{columns.appVersion}</th>
            <th scope="col">{columns.lastSeen}</th>
            <th scope="col">{columns.signedInAt}</th>
            <th scope="col">
              <span className="visually-hidden">{signOutLabel}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {sessions.map((session) => {
            const name =
              session.model ?? intl.formatMessage({ id: 'tv.unknownModel', defaultMessage: 'Unknown model' });
            return (
              <tr key={session.id}>
                <td data-label={columns.tv}>{name}</td>
                <td data-label={columns.appVersion}>{session.appVersion ?? '—'}</td>
                <td data-label={columns.lastSeen}>{formatDate(session.lastSeenAt)}</td>
                <td data-label={columns.signedInAt}>{formatDate(session.signedInAt)}</td>
                <td>
                  <button
                    type="button"
                    className="button button--ghost"
                    aria-label={intl.formatMessage(
                      { id: 'tv.signOut.named', defaultMessage: 'Sign out {name}' },
                      { name },
                    )}
                    disabled={busyId === session.id}
                    onClick={() => void signOut(session)}
                  >
                    {signOutLabel}
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
