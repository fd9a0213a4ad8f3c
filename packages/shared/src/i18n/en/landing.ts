/** en · landing. Keys must match the other language's file (a test enforces it). */
export const landing = {} as const;
