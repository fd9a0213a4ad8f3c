/** en · help. Keys must match the other language's file (a test enforces it). */
export const help = {} as const;
