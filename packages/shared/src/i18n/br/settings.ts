/** br · settings. Keys must match the other language's file (a test enforces it). */
export const settings = {} as const;
