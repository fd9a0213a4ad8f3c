/** br · ledger. Keys must match the other language's file (a test enforces it). */
export const ledger = {} as const;
