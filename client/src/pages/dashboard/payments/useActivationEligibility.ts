import { useCallback } from 'react';
import { useApolloClient } from '@apollo/client/react';
import { ActivationEligibilityDocument } from '../../../__generated__/graphql';

/**
 * Asks the server, every time, whether the signed-in device can be paid for now (the spec's MAC check before
 * paying). Rejects when the graph could not answer. A one-off call rather than a lazy query: each payment
 * attempt needs its own fresh answer, and nothing on screen follows it.
 */
export function useActivationEligibility() {
  const client = useApolloClient();
  return useCallback(async () => {
    const { data } = await client.query({ query: ActivationEligibilityDocument, fetchPolicy: 'network-only' });
    if (!data) throw new Error('The eligibility answer carried no data');
    return data.activationEligibility;
  }, [client]);
}
