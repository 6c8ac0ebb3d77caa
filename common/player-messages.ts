import { defineMessage } from './i18n';

/**
 * Why a channel did not play, as the TV app's player says it: the playlist check's own words
 * (server/src/playlist-check/check-messages.ts `sample.*`), said from the TV's side ("this network", where the
 * check says "this server's network"). Here, in common/, so the check and the player can say a stream's fate alike.
 */
export const playerMessages = {
  refused: defineMessage({
    id: 'msg.player.refused',
    defaultMessage: 'Refused (HTTP {status}): the provider may block this network or country.',
  }),
  gone: defineMessage({
    id: 'msg.player.gone',
    defaultMessage: 'Not there (HTTP {status}): the provider no longer serves this channel at this address.',
  }),
  legal: defineMessage({
    id: 'msg.player.legal',
    defaultMessage: 'Unavailable for legal reasons where this TV is (HTTP 451).',
  }),
  httpError: defineMessage({
    id: 'msg.player.httpError',
    defaultMessage: 'The server answered HTTP {status} instead of video.',
  }),
  webPage: defineMessage({
    id: 'msg.player.webPage',
    defaultMessage: 'Answered with a web page instead of video: usually a login, error or block page.',
  }),
  notVideo: defineMessage({
    id: 'msg.player.notVideo',
    defaultMessage: 'Answered with something that is not a video format the TV plays.',
  }),
  noAnswer: defineMessage({ id: 'msg.player.noAnswer', defaultMessage: 'Did not answer in {seconds} s.' }),
  cors: defineMessage({
    id: 'msg.player.cors',
    defaultMessage:
      '{host} does not let web pages read this channel (no cross-origin access). The packaged TV app is not bound by this; a desktop browser is.',
  }),
  decode: defineMessage({
    id: 'msg.player.decode',
    defaultMessage: 'The TV’s player could not play this stream ({detail}).',
  }),
  headers: defineMessage({
    id: 'msg.player.headers',
    defaultMessage: 'This channel asks for headers a web engine cannot send: {names}.',
  }),
};
