import { useCallback, useEffect, useRef } from 'react';
import { checkNotificationDelay, startNotificationTimer } from './chatWidgetState';

function playFromStart(audio: HTMLAudioElement) {
  audio.currentTime = 0;
  try {
    // Browsers refuse sound until the visitor has interacted with the page; a silent nudge is fine then.
    audio.play()?.catch(() => undefined);
  } catch {
    // Environments without media support throw instead of rejecting.
  }
}

export interface ChatNudgeSettings {
  notification: boolean;
  notificationDelay: number;
  notificationLoop: number;
  notificationSound: boolean;
  notificationSoundSrc: string;
}

export interface ChatNudgeCallbacks {
  /** A nudge: the launcher shows its badge. */
  onNotify: () => void;
  onNotification?: () => void;
  onLoopDone?: () => void;
}

/**
 * The launcher's nudges until the visitor opens the chat: a badge every `notificationDelay` seconds, `notificationLoop`
 * times (0: once), with a sound when asked. Answers `stop`, called when the chat is opened: the nudges are then over
 * for good, whatever props change later.
 */
export function useChatNudges(settings: ChatNudgeSettings, callbacks: ChatNudgeCallbacks): () => void {
  const { notification, notificationDelay, notificationLoop } = settings;
  const openedOnceRef = useRef(false);
  const stopRef = useRef<(() => void) | undefined>(undefined);
  const audioRef = useRef<HTMLAudioElement | null>(null);

  // The timer reads the newest props without restarting when a parent passes new callbacks on every render.
  const latest = useRef({ ...settings, ...callbacks });
  useEffect(() => {
    latest.current = { ...settings, ...callbacks };
  });

  useEffect(() => {
    if (openedOnceRef.current) return;
    // The delay is checked even with notifications off, so a wrong value is seen while developing.
    if (!checkNotificationDelay(notificationDelay) || !notification) return;
    const stop = startNotificationTimer({
      delaySeconds: notificationDelay,
      loop: notificationLoop,
      onTick: () => {
        latest.current.onNotify();
        latest.current.onNotification?.();
      },
      onCountedTick: () => {
        const { notificationSound: sound, notificationSoundSrc: src } = latest.current;
        if (!sound) return;
        if (!audioRef.current || audioRef.current.getAttribute('src') !== src) {
          audioRef.current = document.createElement('audio');
          audioRef.current.preload = 'auto';
          audioRef.current.src = src;
        }
        playFromStart(audioRef.current);
      },
      onLoopDone: () => latest.current.onLoopDone?.(),
    });
    stopRef.current = stop;
    return () => {
      stop?.();
      stopRef.current = undefined;
    };
  }, [notification, notificationDelay, notificationLoop]);

  return useCallback(() => {
    openedOnceRef.current = true;
    stopRef.current?.();
    stopRef.current = undefined;
  }, []);
}
