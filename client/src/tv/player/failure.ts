import type { IntlShape, MessageDescriptor } from 'react-intl';
import { playerMessages } from '../../../../common/player-messages';
import type { PlayerFailure } from './sniff';

/**
 * A failure in the check's words (common/player-messages.ts), as the player screen shows it. Here, beside the
 * player, so that the test holding the check's verdicts against the player (tests/e2e/player-agreement.e2e.test.ts)
 * says a failure with the same function.
 */
export function failureText(intl: IntlShape, failure: PlayerFailure): string {
  const say = (message: unknown, values?: Record<string, string | number>) =>
    intl.formatMessage(message as MessageDescriptor, values);
  switch (failure.kind) {
    case 'http':
      if (failure.status === 401 || failure.status === 403)
        return say(playerMessages.refused, { status: failure.status });
      if (failure.status === 404 || failure.status === 410) return say(playerMessages.gone, { status: failure.status });
      if (failure.status === 451) return say(playerMessages.legal);
      return say(playerMessages.httpError, { status: failure.status });
    case 'noAnswer':
      return say(playerMessages.noAnswer, { seconds: failure.seconds });
    case 'cors':
      return say(playerMessages.cors, { host: failure.host });
    case 'decode':
      return say(playerMessages.decode, { detail: failure.detail });
    default:
      return say(playerMessages[failure.kind]);
  }
}
