import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';

/** The frame of every dashboard screen: its heading, then its content. */
export function DashboardPanel({ heading, children }: { heading: string; children: ReactNode }) {
  return (
    <section className="panel" aria-labelledby="panel-title">
      <h1 id="panel-title" className="panel__title">
        {heading}
      </h1>
      {children}
    </section>
  );
}

/** What a screen shows until its feature ships: an honest note instead of controls that do nothing. */
export function ComingSoon({ heading, what }: { heading: string; what: string }) {
  return (
    <DashboardPanel heading={heading}>
      <p className="panel__note">
        <FormattedMessage
          id="dashboard.comingSoon"
          defaultMessage="{what} is coming in the next release."
          values={{ what }}
        />
      </p>
    </DashboardPanel>
  );
}
