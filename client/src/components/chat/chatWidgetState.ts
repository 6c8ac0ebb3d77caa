/**
 * The chat widget's rules without React: its three flags, the notification timer and
 * the messaging app's send link. The component wires them to the DOM; the tests drive them directly too.
 */

export const DEFAULT_ACCOUNT_NAME = 'Account Name';
export const DEFAULT_STATUS_MESSAGE = 'Typically replies within 1 hour';
export const DEFAULT_CHAT_MESSAGE = 'Hello there!\nHow can we help?';
export const DEFAULT_PLACEHOLDER = 'Type a message..';
export const DEFAULT_MESSAGE_DELAY_SECONDS = 2;
export const DEFAULT_NOTIFICATION_DELAY_SECONDS = 60;
export const DEFAULT_CHATBOX_HEIGHT = 320;
/** Served from client/public: the page's CSP allows media from the site itself only, not data: URLs. */
export const DEFAULT_NOTIFICATION_SOUND_SRC = '/chat-notification.wav';

export const MIN_NOTIFICATION_DELAY_SECONDS = 10;
export const NOTIFICATION_DELAY_ERROR = 'notificationDelay prop value must be at least 10 seconds.';

export interface ChatFlags {
  open: boolean;
  /** The typing indicator shows instead of the first message while this is set. */
  delay: boolean;
  /** The badge on the button. */
  notification: boolean;
}

export type ChatAction = { type: 'open' } | { type: 'close' } | { type: 'delayDone' } | { type: 'notify' };

export const INITIAL_CHAT_FLAGS: ChatFlags = { open: false, delay: true, notification: false };

export function chatReducer(state: ChatFlags, action: ChatAction): ChatFlags {
  switch (action.type) {
    case 'open':
      // The visitor has answered the nudge: the badge goes.
      return { ...state, open: true, notification: false };
    case 'close':
      return { ...state, open: false };
    case 'delayDone':
      return { ...state, delay: false };
    case 'notify':
      // While the chat is open there is nothing to nudge towards.
      return state.open ? state : { ...state, notification: true };
  }
}

/** True when the delay may start a timer; otherwise logs the spec's console error. */
export function checkNotificationDelay(delaySeconds: number): boolean {
  // `!(x >= min)` also refuses NaN.
  if (!(delaySeconds >= MIN_NOTIFICATION_DELAY_SECONDS)) {
    console.error(NOTIFICATION_DELAY_ERROR);
    return false;
  }
  return true;
}

export interface NotificationTimerOptions {
  delaySeconds: number;
  /** How many ticks before the timer stops; 0 means no counting and no stop. */
  loop: number;
  /** Every tick: show the badge, call onNotification. */
  onTick: () => void;
  /** Every counted tick (loop above 0 only): play the sound. */
  onCountedTick: () => void;
  /** Once, when the count reaches loop; the timer has already stopped. */
  onLoopDone: () => void;
}

/**
 * Starts the notification timer and returns its stop function, or returns undefined (after logging the spec's
 * error) when the delay is under the minimum.
 */
export function startNotificationTimer(options: NotificationTimerOptions): (() => void) | undefined {
  if (!checkNotificationDelay(options.delaySeconds)) return undefined;
  let count = 0;
  const id = setInterval(() => {
    options.onTick();
    if (options.loop <= 0) return;
    count += 1;
    options.onCountedTick();
    if (count >= options.loop) {
      clearInterval(id);
      options.onLoopDone();
    }
  }, options.delaySeconds * 1000);
  return () => clearInterval(id);
}

/** The first message's time stamp: 2-digit hour and minute in the visitor's own clock format. */
export function formatMessageTime(date: Date): string {
  return date.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
}
