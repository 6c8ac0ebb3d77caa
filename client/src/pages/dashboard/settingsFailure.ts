import { useCallback } from 'react';
import { CombinedGraphQLErrors } from '@apollo/client';
import { useNavigate } from 'react-router-dom';
import { useUser } from '../../hooks/useUser';

/** What a failed settings change told us. */
export interface SettingsFailure {
  /** The graph's error code (BAD_USER_INPUT, CONFLICT, RATE_LIMITED, UNAUTHENTICATED…), if it answered. */
  code: string | undefined;
  /** The server's message, safe to show; undefined when the request got no answer from the graph. */
  serverMessage: string | undefined;
  /** Messages for single fields, keyed by the mutation's input field name. */
  fieldErrors: Record<string, string>;
}

export function readSettingsFailure(error: unknown): SettingsFailure {
  if (!CombinedGraphQLErrors.is(error)) return { code: undefined, serverMessage: undefined, fieldErrors: {} };
  const first = error.errors[0];
  const extensions = first?.extensions ?? {};
  const fieldErrors: Record<string, string> = {};
  const reported = extensions.fieldErrors;
  if (reported && typeof reported === 'object') {
    for (const [path, message] of Object.entries(reported)) {
      // Tolerate paths such as `input.pin`: the form only knows the last segment.
      if (typeof message === 'string') fieldErrors[path.split('.').pop() ?? path] = message;
    }
  }
  return {
    code: typeof extensions.code === 'string' ? extensions.code : undefined,
    serverMessage: first?.message || undefined,
    fieldErrors,
  };
}

/**
 * Reads a failed settings change. A session that has ended (timeout, or the device key changed elsewhere)
 * cannot change anything, so the owner is sent to sign in again, as the dashboard's own device check does.
 */
export function useSettingsFailure() {
  const navigate = useNavigate();
  const { logout } = useUser();
  return useCallback(
    (error: unknown): SettingsFailure => {
      const failure = readSettingsFailure(error);
      if (failure.code === 'UNAUTHENTICATED') {
        void navigate('/device/login', { replace: true });
        logout();
      }
      return failure;
    },
    [navigate, logout],
  );
}
