import { useEffect, useState } from 'react';

/** The current time, renewed every `intervalMs`, so '5 min ago' does not stay 5 minutes forever. */
export function useNow(intervalMs = 60_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return now;
}
