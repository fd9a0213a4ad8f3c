/** Business constants of the product spec (§9) and DESIGN.md; both apps read them from here. */
export const APP_NAME_DEFAULT = 'Centavo';

export const LANGUAGE_IDS = { en: 1, br: 2 } as const;
export type LocaleCode = keyof typeof LANGUAGE_IDS;
export const LOCALES: readonly LocaleCode[] = ['en', 'br'];
export const FALLBACK_LOCALE: LocaleCode = 'en';

export const DEFAULT_CURRENCY_ID = 4; // BRL
export const DEFAULT_COUNTRY_ID = 32; // Brazil

export const OPERATIONS = { income: 1, expense: 2, investment: 3, transfer: 4 } as const;
export type OperationId = (typeof OPERATIONS)[keyof typeof OPERATIONS];
export const TRANSFER_CATEGORY_ID = 1;
export const TRANSFER_SUBCATEGORY_ID = 27;

/** Entries: installments per purchase, and the scopes of an edit or delete of a series' entry. */
export const INSTALLMENTS_MIN = 2;
export const INSTALLMENTS_MAX = 420;
export const ENTRY_SCOPES = ['one', 'next', 'all'] as const;

export const TRIAL_DAYS = 7;
export const PLANS = ['monthly', 'yearly'] as const;
export type Plan = (typeof PLANS)[number];

export const TOAST_DURATION_MS = 5000;
export const TOAST_ERROR_DURATION_MS = 2000;
export const TOAST_LIMIT = 20;
export const VALIDATION_DEBOUNCE_MS = 5;
export const RELOAD_GUARD_MS = 10_000;

export const LANGUAGE_STORAGE_KEY = 'language';
export const LANGUAGE_COOKIE_DAYS = 365;
export const I18N_REDIRECTED_COOKIE = 'i18n_redirected';

/** Image widths of the spec, used as the theme breakpoints (px). */
export const BREAKPOINTS = { xs: 320, sm: 640, md: 768, lg: 1024, xl: 1280, xxl: 1536 } as const;

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_DAYS = 30;
export const RESET_TOKEN_TTL_MINUTES = 60;
export const VERIFY_TOKEN_TTL_HOURS = 48;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/**
 * The entries page loads a month in pages of this many entries (GET /entry?page&per_page), the next
 * page as the list nears the end of what it has: a month of 10 000 entries costs the server, the socket
 * and the browser a bounded amount per request (docs/decisions/ledger-list-paging.md). 250 keeps a page's
 * JSON under 128 KB, so neither the server nor the browser holds it as a large object (freed only by a full
 * collection).
 */
export const ENTRY_PAGE_SIZE = 250;
