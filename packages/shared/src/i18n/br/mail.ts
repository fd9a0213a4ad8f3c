/** br · mail. Keys must match the other language's file (a test enforces it). */
export const mail = {} as const;
