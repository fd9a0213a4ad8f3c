/** en · auth. Keys must match the other language's file (a test enforces it). */
export const auth = {} as const;
