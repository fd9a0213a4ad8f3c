/**
 * Styles for a Button whose label may not fit on a narrow screen (Portuguese at 360 px: "Entrar com uma chave
 * de acesso"): the label wraps onto a second line instead of being cut with an ellipsis.
 */
export const wrappingButton = {
  root: { height: 'auto', minHeight: 'var(--button-height)', paddingBlock: 6 },
  label: { whiteSpace: 'normal', textAlign: 'center', lineHeight: 1.3 },
  inner: { height: 'auto' },
} as const;

/**
 * Styles for a Badge whose text may not fit (an account-log event, "E-mail ainda não verificado" at 320 px):
 * it wraps instead of ending in "Prefer…" (issue 23 #2).
 */
export const wrappingBadge = {
  root: { height: 'auto', minHeight: 'var(--badge-height)', maxWidth: '100%', paddingBlock: 2 },
  label: { whiteSpace: 'normal', overflow: 'visible', lineHeight: 1.3 },
} as const;
