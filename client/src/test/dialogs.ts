import Swal from 'sweetalert2';
import { vi } from 'vitest';

interface DialogScript {
  /** What the owner types into each PIN prompt in turn; a prompt past the end is cancelled. */
  pins?: string[];
  /** The answer to every yes/no question. */
  confirm?: boolean;
}

/**
 * Answers sweetalert2's dialogs (mocked with `vi.mock('sweetalert2', ...)` in each test file): PIN prompts
 * and confirmations as scripted, every other dialog is simply dismissed.
 */
export function answerDialogs({ pins = [], confirm = true }: DialogScript = {}) {
  const queue = [...pins];
  vi.mocked(Swal.fire).mockImplementation(((options: { input?: string; showCancelButton?: boolean }) => {
    if (options.input === 'password') {
      const value = queue.shift();
      return Promise.resolve(
        value === undefined ? { isConfirmed: false, isDismissed: true } : { isConfirmed: true, value },
      );
    }
    if (options.showCancelButton) return Promise.resolve({ isConfirmed: confirm, isDismissed: !confirm });
    return Promise.resolve({ isConfirmed: true });
  }) as never);
}

/** The options of every dialog shown so far, in order. */
export function dialogs(): { title?: string; text?: string; icon?: string; input?: string }[] {
  return vi.mocked(Swal.fire).mock.calls.map((call) => call[0] as never);
}
