/** The spec's dialogs all use a black confirm button. Kept apart from sweetalert2 so importing it is free. */
export const CONFIRM_BUTTON_COLOR = '#000';
