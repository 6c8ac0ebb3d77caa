import {
  type CSSProperties,
  type FormEvent,
  type MouseEvent,
  useCallback,
  useEffect,
  useId,
  useReducer,
  useRef,
  useState,
} from 'react';
import { useIntl } from 'react-intl';
import { DEFAULT_LOCALE } from '../../../../common/i18n';
import {
  DEFAULT_CHATBOX_HEIGHT,
  DEFAULT_MESSAGE_DELAY_SECONDS,
  DEFAULT_NOTIFICATION_DELAY_SECONDS,
  DEFAULT_NOTIFICATION_SOUND_SRC,
  INITIAL_CHAT_FLAGS,
  chatReducer,
  formatMessageTime,
} from './chatWidgetState';
import { useStepsAside } from './keepClear';
import { useChatNudges } from './useChatNudges';
import { useIsolate } from '../Bidi';
import { useFormatTime } from '../../i18n/format';
import { useLocale } from '../../i18n/LocaleProvider';
import { messagingAppUrl } from '../../lib/contactLinks';
import '../../styles/chat-widget.css';

/** A neutral silhouette, used when no avatar is given (data: images are allowed by the page's CSP). */
const DEFAULT_AVATAR =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 60 60"><rect width="60" height="60" fill="#3b4a54"/>' +
      '<circle cx="30" cy="23" r="11" fill="#cfd8dc"/><path d="M9 56c2-12 11-19 21-19s19 7 21 19z" fill="#cfd8dc"/></svg>',
  );

/**
 * The chat widget's options; every one except phoneNumber has a default (the DEFAULT_* values; the texts among
 * them in the page's language).
 */
export interface ChatWidgetProps {
  /** The business number the messages go to, with its country code; non-digits are dropped. */
  phoneNumber: string;
  accountName?: string;
  avatar?: string;
  statusMessage?: string;
  /** The first message in the chat; line breaks are kept. */
  chatMessage?: string;
  placeholder?: string;
  /** Seconds the typing indicator shows before the first message. */
  messageDelay?: number;
  /** Close when the visitor clicks anywhere outside the widget. */
  allowClickAway?: boolean;
  /** Close when the visitor presses Escape. */
  allowEsc?: boolean;
  /** Show the badge on the button every notificationDelay seconds until the chat is opened. */
  notification?: boolean;
  /** Seconds between notifications; at least 10. */
  notificationDelay?: number;
  /** Stop after this many notifications; 0 never stops (and plays no sound). */
  notificationLoop?: number;
  /** Play notificationSoundSrc on each counted notification (notificationLoop above 0). */
  notificationSound?: boolean;
  notificationSoundSrc?: string;
  notificationStyle?: CSSProperties;
  notificationClassName?: string;
  buttonStyle?: CSSProperties;
  buttonClassName?: string;
  /** The button's accessible name, when the page has more than one chat button (else 'Open chat with …'). */
  buttonLabel?: string;
  /** The open chat box's height in pixels; it is 0 while closed. */
  chatboxHeight?: number;
  chatboxStyle?: CSSProperties;
  chatboxClassName?: string;
  darkMode?: boolean;
  style?: CSSProperties;
  className?: string;
  onClick?: (event: MouseEvent<HTMLButtonElement>) => void;
  onSubmit?: (event: FormEvent<HTMLFormElement>, message: string) => void;
  onClose?: () => void;
  onNotification?: () => void;
  onLoopDone?: () => void;
}

function classNames(...names: (string | false | undefined)[]): string {
  return names.filter(Boolean).join(' ');
}

/**
 * The spec's first message (DEFAULT_CHAT_MESSAGE) in the page's language: a line each (a message's line breaks
 * would not survive its extraction).
 */
export function useChatGreeting(): string {
  const intl = useIntl();
  return [
    intl.formatMessage({ id: 'site.chat.hello', defaultMessage: 'Hello there!' }),
    intl.formatMessage({ id: 'site.chat.howCanWeHelp', defaultMessage: 'How can we help?' }),
  ].join('\n');
}

/** A floating button that opens a small chat box; a sent message continues in the messaging app. */
export function ChatWidget({
  phoneNumber,
  accountName: accountNameProp,
  avatar = DEFAULT_AVATAR,
  statusMessage: statusMessageProp,
  chatMessage: chatMessageProp,
  placeholder: placeholderProp,
  messageDelay = DEFAULT_MESSAGE_DELAY_SECONDS,
  allowClickAway = false,
  allowEsc = false,
  notification = true,
  notificationDelay = DEFAULT_NOTIFICATION_DELAY_SECONDS,
  notificationLoop = 0,
  notificationSound = false,
  notificationSoundSrc = DEFAULT_NOTIFICATION_SOUND_SRC,
  notificationStyle,
  notificationClassName,
  buttonStyle,
  buttonClassName,
  buttonLabel,
  chatboxHeight = DEFAULT_CHATBOX_HEIGHT,
  chatboxStyle,
  chatboxClassName,
  darkMode = false,
  style,
  className,
  onClick,
  onSubmit,
  onClose,
  onNotification,
  onLoopDone,
}: ChatWidgetProps) {
  const intl = useIntl();
  const { locale } = useLocale();
  const isolate = useIsolate();
  const formatTime = useFormatTime();
  // The defaults of chatWidgetState (DEFAULT_ACCOUNT_NAME, DEFAULT_STATUS_MESSAGE, DEFAULT_CHAT_MESSAGE,
  // DEFAULT_PLACEHOLDER) in the page's language.
  const accountName =
    accountNameProp ?? intl.formatMessage({ id: 'site.chat.defaultAccountName', defaultMessage: 'Account Name' });
  const statusMessage =
    statusMessageProp ??
    intl.formatMessage({ id: 'site.chat.defaultStatus', defaultMessage: 'Typically replies within 1 hour' });
  const greeting = useChatGreeting();
  const chatMessage = chatMessageProp ?? greeting;
  const placeholder =
    placeholderProp ?? intl.formatMessage({ id: 'site.chat.defaultPlaceholder', defaultMessage: 'Type a message..' });
  const [flags, dispatch] = useReducer(chatReducer, INITIAL_CHAT_FLAGS);
  const [message, setMessage] = useState('');
  const [loadedAt] = useState(() => new Date());
  const ids = useId();
  const titleId = `${ids}-title`;
  const boxId = `${ids}-box`;
  const inputId = `${ids}-input`;

  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  const focusBoxRef = useRef(false);
  const delayTimerRef = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // The document listeners read the newest onClose without restarting when a parent passes a new one each render.
  const latest = useRef({ onClose });
  useEffect(() => {
    latest.current = { onClose };
  });

  const stopNudges = useChatNudges(
    { notification, notificationDelay, notificationLoop, notificationSound, notificationSoundSrc },
    {
      onNotify: () => dispatch({ type: 'notify' }),
      onNotification,
      onLoopDone,
    },
  );

  useEffect(() => () => clearTimeout(delayTimerRef.current), []);

  // The launcher steps aside while it would cover a notice the visitor has to read (keepClear.ts).
  const aside = useStepsAside(rootRef);

  const close = useCallback(() => {
    // Keyboard users whose focus was in the box get it back on the button instead of losing it.
    if (boxRef.current?.contains(document.activeElement)) buttonRef.current?.focus();
    dispatch({ type: 'close' });
    latest.current.onClose?.();
  }, []);

  function handleButtonClick(event: MouseEvent<HTMLButtonElement>) {
    if (flags.open) {
      close();
      return;
    }
    stopNudges();
    focusBoxRef.current = true;
    dispatch({ type: 'open' });
    if (flags.delay) {
      clearTimeout(delayTimerRef.current);
      delayTimerRef.current = setTimeout(() => dispatch({ type: 'delayDone' }), messageDelay * 1000);
    }
    onClick?.(event);
  }

  useEffect(() => {
    // The box is inert while closed, so it can take focus only once it is open.
    if (flags.open && focusBoxRef.current) {
      focusBoxRef.current = false;
      boxRef.current?.focus({ preventScroll: true });
    }
  }, [flags.open]);

  useEffect(() => {
    if (!flags.open || !allowClickAway) return;
    function onDocumentClick(event: globalThis.MouseEvent) {
      // The button toggles by itself; clicks in the box never get here (they stop propagating).
      if (event.target instanceof Node && rootRef.current?.contains(event.target)) return;
      close();
    }
    document.addEventListener('click', onDocumentClick);
    return () => document.removeEventListener('click', onDocumentClick);
  }, [flags.open, allowClickAway, close]);

  useEffect(() => {
    if (!flags.open || !allowEsc) return;
    function onKeyDown(event: KeyboardEvent) {
      if (event.key === 'Escape') close();
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [flags.open, allowEsc, close]);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const text = message.trim();
    if (!text) return;
    window.open(messagingAppUrl(phoneNumber, text), '_blank', 'noopener,noreferrer');
    onSubmit?.(event, text);
    setMessage('');
  }

  const canSend = message.trim() !== '';

  return (
    <div
      className={classNames(
        'chat-widget',
        darkMode && 'chat-widget--dark',
        aside && !flags.open && 'chat-widget--aside',
        className,
      )}
      style={style}
      ref={rootRef}
    >
      <button
        type="button"
        ref={buttonRef}
        className={classNames('chat-widget__button', buttonClassName)}
        style={buttonStyle}
        aria-label={
          buttonLabel ??
          intl.formatMessage({ id: 'site.chat.open', defaultMessage: 'Open chat with {name}' }, { name: accountName })
        }
        aria-haspopup="dialog"
        aria-expanded={flags.open}
        aria-controls={boxId}
        onClick={handleButtonClick}
      >
        <ChatIcon />
        {flags.notification && (
          <span
            className={classNames('chat-widget__badge', notificationClassName)}
            style={notificationStyle}
            data-testid="chat-notification"
          >
            1
          </span>
        )}
      </button>

      <div
        id={boxId}
        ref={boxRef}
        role="dialog"
        aria-labelledby={titleId}
        aria-hidden={!flags.open}
        inert={!flags.open}
        tabIndex={-1}
        className={classNames('chat-widget__box', flags.open && 'chat-widget__box--open', chatboxClassName)}
        style={{ height: flags.open ? chatboxHeight : 0, ...chatboxStyle }}
        onClick={(event) => event.stopPropagation()}
      >
        <header className="chat-widget__header">
          <img className="chat-widget__avatar" src={avatar} width={60} height={60} alt="" />
          <div className="chat-widget__status">
            <h2 className="chat-widget__name" id={titleId}>
              {isolate(accountName)}
            </h2>
            <p className="chat-widget__status-message">{statusMessage}</p>
          </div>
          <button
            type="button"
            className="chat-widget__close"
            aria-label={intl.formatMessage({ id: 'site.chat.close', defaultMessage: 'Close chat' })}
            onClick={close}
          >
            <CloseIcon />
          </button>
        </header>

        <div className="chat-widget__body" aria-live="polite">
          {flags.delay ? (
            <div
              className="chat-widget__typing"
              role="status"
              aria-label={intl.formatMessage(
                { id: 'site.chat.typing', defaultMessage: '{name} is typing' },
                { name: accountName },
              )}
            >
              <span />
              <span />
              <span />
            </div>
          ) : (
            <div className="chat-widget__message">
              <span className="chat-widget__message-author">{isolate(accountName)}</span>
              <p className="chat-widget__message-text">{chatMessage}</p>
              <time className="chat-widget__message-time" dateTime={loadedAt.toISOString()}>
                {locale === DEFAULT_LOCALE ? formatMessageTime(loadedAt) : formatTime(loadedAt)}
              </time>
            </div>
          )}
        </div>

        <form className="chat-widget__form" onSubmit={handleSubmit}>
          <label className="visually-hidden" htmlFor={inputId}>
            {intl.formatMessage({ id: 'site.chat.messageLabel', defaultMessage: 'Message' })}
          </label>
          <input
            id={inputId}
            className="chat-widget__input"
            type="text"
            dir="auto"
            autoComplete="off"
            enterKeyHint="send"
            placeholder={placeholder}
            value={message}
            onChange={(event) => setMessage(event.target.value)}
          />
          <button
            type="submit"
            className={classNames('chat-widget__send', !canSend && 'chat-widget__send--idle')}
            aria-label={intl.formatMessage({ id: 'site.chat.send', defaultMessage: 'Send message' })}
          >
            <SendIcon />
          </button>
        </form>
      </div>
    </div>
  );
}

function ChatIcon() {
  return (
    <svg viewBox="0 0 32 32" width="30" height="30" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M16 3C8.8 3 3 8.6 3 15.5c0 2.4.7 4.7 2 6.6L3.6 28.4l6.6-1.6c1.7.9 3.7 1.4 5.8 1.4 7.2 0 13-5.6 13-12.5S23.2 3 16 3zm0 2.4c5.9 0 10.6 4.5 10.6 10.1S21.9 25.7 16 25.7c-1.9 0-3.7-.5-5.2-1.3l-.5-.3-3.5.9.8-3.3-.3-.5c-1.2-1.7-1.9-3.6-1.9-5.7C5.4 9.9 10.1 5.4 16 5.4z"
      />
      <path
        fill="currentColor"
        d="M12.2 10.2c-.3-.6-.6-.6-.9-.6h-.7c-.3 0-.7.1-1 .5-.4.4-1.3 1.2-1.3 3s1.3 3.5 1.5 3.7c.2.2 2.5 3.9 6.2 5.4 3 1.2 3.7 1 4.3.9.7-.1 2.1-.9 2.4-1.7.3-.8.3-1.5.2-1.7-.1-.1-.3-.2-.7-.4l-2.4-1.2c-.3-.1-.6-.2-.8.2-.2.4-.9 1.2-1.1 1.4-.2.2-.4.3-.8.1-.4-.2-1.5-.6-2.9-1.8-1.1-1-1.8-2.1-2-2.5-.2-.4 0-.6.2-.8l.5-.6c.2-.2.2-.4.4-.6.1-.2.1-.5 0-.7l-1.1-2.6z"
      />
    </svg>
  );
}

function CloseIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
    </svg>
  );
}

function SendIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M3.4 20.4l17.4-7.5c.8-.4.8-1.5 0-1.9L3.4 3.6c-.7-.3-1.4.2-1.4.9L2 9.1c0 .5.4.9.9 1L16 12 2.9 13.9c-.5.1-.9.5-.9 1l.1 4.6c0 .7.7 1.2 1.3.9z"
      />
    </svg>
  );
}
