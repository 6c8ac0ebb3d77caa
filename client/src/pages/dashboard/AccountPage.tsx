import { useState, type ComponentProps } from 'react';
import { useApolloClient } from '@apollo/client/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { DevicePaymentsDocument } from '../../__generated__/graphql';
import { useDevicePaymentsQuery } from '../../__generated__/hooks';
import { Spinner } from '../../components/Spinner';
import { useSignedInDevice } from '../../hooks/useUser';
import { useFormatDate } from '../../i18n/format';
import { useLocale } from '../../i18n/LocaleProvider';
import { deviceStatusLabel, deviceStatusMessage } from '../../lib/deviceStatus';
import { readGraphQLFailure } from '../../lib/graphqlFailure';
import { Link } from 'react-router-dom';
import { DashboardPanel } from './DashboardPanel';
import { PaymentHistory } from './payments/PaymentHistory';
import { TvSessions } from './TvSessions';
import '../../styles/payments.css';

export default function AccountPage() {
  const intl = useIntl();
  const formatDate = useFormatDate();
  const device = useSignedInDevice();
  // A payment may have been confirmed since the last visit: show what the cache has, then the server's answer.
  const { data, loading, error } = useDevicePaymentsQuery({
    fetchPolicy: 'cache-and-network',
    nextFetchPolicy: 'cache-first',
  });
  // The dashboard layout renders its screens only once a device is signed in.
  if (!device) return null;
  const status = deviceStatusLabel(device.status);
  return (
    <DashboardPanel heading={intl.formatMessage({ id: 'account.heading', defaultMessage: 'Account Details' })}>
      <dl className="details">
        <div className="details__row">
          <dt>
            <FormattedMessage id="account.macAddress" defaultMessage="MAC Address" />
          </dt>
          <dd className="details__mono" dir="ltr">
            {device.macAddress}
          </dd>
        </div>
        <div className="details__row">
          <dt>
            <FormattedMessage id="account.status" defaultMessage="Status" />
          </dt>
          <dd>
            <span className={`status status--${status.toLowerCase()}`}>
              {intl.formatMessage(deviceStatusMessage(device.status))}
            </span>
          </dd>
        </div>
        <div className="details__row">
          <dt>
            <FormattedMessage id="account.created" defaultMessage="Created" />
          </dt>
          <dd>{formatDate(device.createdAt)}</dd>
        </div>
        <div className="details__row">
          <dt>
            <FormattedMessage id="account.expires" defaultMessage="Expires" />
          </dt>
          {/* The graph sends no expiry date only for a lifetime licence. */}
          <dd>
            {device.expireDate === null ? (
              <FormattedMessage id="account.lifetime" defaultMessage="Never (lifetime licence)" />
            ) : (
              formatDate(device.expireDate)
            )}
          </dd>
        </div>
      </dl>

      <section className="account__payments" aria-labelledby="payments-title">
        <h2 id="payments-title" className="account__subtitle">
          <FormattedMessage id="account.payments" defaultMessage="Payment history" />
        </h2>
        <PaymentsSection
          payments={data?.currentDevice?.payments}
          total={data?.currentDevice?.paymentCount ?? 0}
          loading={loading}
          error={error}
        />
      </section>

      <section className="account__tvs" aria-labelledby="tvs-title">
        <h2 id="tvs-title" className="account__subtitle">
          <FormattedMessage id="account.tvs" defaultMessage="TVs signed in" />
        </h2>
        <p className="panel__note">
          <FormattedMessage
            id="account.tvs.help"
            defaultMessage="Each TV is named as it reports itself. Sign out any TV you do not recognise; changing the device key signs every TV out. A TV that was signed out, or whose app was reinstalled, shows a code: open <link>Link a TV</link> and type the code your TV shows to sign it in again."
            values={{ link: (chunks) => <Link to="/link">{chunks}</Link> }}
          />
        </p>
        <TvSessions />
      </section>
    </DashboardPanel>
  );
}

type Payments = ComponentProps<typeof PaymentHistory>['payments'];

function PaymentsSection({
  payments,
  total,
  loading,
  error,
}: {
  payments: Payments | undefined;
  total: number;
  loading: boolean;
  error: unknown;
}) {
  const intl = useIntl();
  const { text } = useLocale();
  if (payments) return <PagedPayments firstPage={payments} total={total} />;
  if (loading)
    return (
      <Spinner label={intl.formatMessage({ id: 'account.payments.loading', defaultMessage: 'Loading payments…' })} />
    );
  const reason = readGraphQLFailure(error).message;
  return (
    <p className="panel__note" role="alert">
      <FormattedMessage
        id="account.payments.failed"
        defaultMessage="Could not load your payments. {reason}"
        values={{
          reason: reason
            ? text(reason)
            : intl.formatMessage({
                id: 'account.payments.checkConnection',
                defaultMessage: 'Check your connection and try again.',
              }),
        }}
      />
    </p>
  );
}

/** The first page of payments, and older pages on request (the graph answers 50 at a time). */
function PagedPayments({ firstPage, total }: { firstPage: Payments; total: number }) {
  const intl = useIntl();
  const { text } = useLocale();
  const client = useApolloClient();
  const [older, setOlder] = useState<Payments>([]);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const shown = [...firstPage, ...older];
  const remaining = total - shown.length;

  async function showOlder() {
    setBusy(true);
    setFailure(null);
    try {
      const { data } = await client.query({
        query: DevicePaymentsDocument,
        variables: { after: shown.at(-1)?.id },
        fetchPolicy: 'network-only',
      });
      setOlder((kept) => [...kept, ...(data?.currentDevice?.payments ?? [])]);
    } catch (loadError) {
      const reason = readGraphQLFailure(loadError).message;
      setFailure(
        reason
          ? text(reason)
          : intl.formatMessage({
              id: 'account.payments.olderFailed',
              defaultMessage: 'Could not load older payments. Please try again.',
            }),
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <PaymentHistory payments={shown} />
      {failure && (
        <p className="panel__note" role="alert">
          {failure}
        </p>
      )}
      {remaining > 0 && (
        <button
          type="button"
          className="button button--ghost account__more"
          disabled={busy}
          aria-busy={busy}
          onClick={() => void showOlder()}
        >
          <FormattedMessage
            id="account.payments.showOlder"
            defaultMessage="Show older payments ({remaining} more)"
            values={{ remaining: String(remaining) }}
          />
        </button>
      )}
    </>
  );
}
