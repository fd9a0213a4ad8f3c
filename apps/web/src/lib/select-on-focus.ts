import type { FocusEvent, MouseEvent } from 'react';

// Inputs focused by a click that has not yet been released: the release would place the caret and undo the
// selection, so it is kept from doing so (once).
const focusedByPointer = new WeakSet<HTMLInputElement>();

/**
 * Number fields select their content on focus, so what is typed replaces it (issue 13 #1), whether the field
 * is reached with Tab or with a click. Spread on the input: `{...selectOnFocus}`.
 */
export const selectOnFocus = {
  onFocus(event: FocusEvent<HTMLInputElement>) {
    event.currentTarget.select();
  },
  onMouseDown(event: MouseEvent<HTMLInputElement>) {
    if (document.activeElement !== event.currentTarget) focusedByPointer.add(event.currentTarget);
  },
  onMouseUp(event: MouseEvent<HTMLInputElement>) {
    if (focusedByPointer.delete(event.currentTarget)) event.preventDefault();
  },
};
