import { formatDisplayDate } from '../../../../common/dates';
import { useSignedInDevice } from '../../hooks/useUser';
import { deviceStatusLabel } from '../../lib/deviceStatus';
import { DashboardPanel } from './DashboardPanel';

export default function AccountPage() {
  const device = useSignedInDevice();
  // The dashboard layout renders its screens only once a device is signed in.
  if (!device) return null;
  const status = deviceStatusLabel(device.isTrial);
  return (
    <DashboardPanel heading="Account Details">
      <dl className="details">
        <div className="details__row">
          <dt>MAC Address</dt>
          <dd className="details__mono">{device.macAddress}</dd>
        </div>
        <div className="details__row">
          <dt>Status</dt>
          <dd>
            <span className={`status status--${status.toLowerCase()}`}>{status}</span>
          </dd>
        </div>
        <div className="details__row">
          <dt>Created</dt>
          <dd>{formatDisplayDate(device.createdAt)}</dd>
        </div>
        <div className="details__row">
          <dt>Expires</dt>
          {/* The graph sends no expiry date only for a lifetime licence. */}
          <dd>{device.expireDate === null ? 'Never (lifetime licence)' : formatDisplayDate(device.expireDate)}</dd>
        </div>
      </dl>
    </DashboardPanel>
  );
}
