import type { FocusEvent } from 'react';

/** Number fields select their content on focus, so what is typed replaces it (issue 13 #1). */
export function selectOnFocus(event: FocusEvent<HTMLInputElement>) {
  event.currentTarget.select();
}
