import { useIntl } from 'react-intl';
import '../styles/spinner.css';

export function Spinner({ label }: { label?: string }) {
  const intl = useIntl();
  return (
    <div className="spinner" role="status">
      <span className="spinner__ring" aria-hidden="true" />
      <span className="visually-hidden">
        {label ?? intl.formatMessage({ id: 'site.loading', defaultMessage: 'Loading…' })}
      </span>
    </div>
  );
}
