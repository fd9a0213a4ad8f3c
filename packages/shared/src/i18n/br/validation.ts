/** br · validation. Keys must match the other language's file (a test enforces it). */
export const validation = {} as const;
