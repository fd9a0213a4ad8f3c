/** en · common. Keys must match the other language's file (a test enforces it). */
export const common = {} as const;
