/** en · entries (the entries list page and entry form). Keys must match the other language's file. */
export const entries = {} as const;
