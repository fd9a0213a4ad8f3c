/**
 * Every route of the product (spec §2) in one typed module: pages, links and redirects build URLs from
 * here, never from hand-written strings.
 */
export const paths = {
  landing: '/',
  welcome: '/welcome',
  me: '/me',
  components: '/components',
  allForms: '/allforms',
  thirdPartyAuth: '/third-party-auth',
  socialCallback: '/auth/social-callback',
  accountFilterForm: '/account/filterForm',
  auth: {
    login: '/auth/login',
    register: '/auth/register',
    forgotPassword: '/auth/forgot-password',
    resetPassword: '/auth/reset-password',
    verifyEmail: '/auth/verify-email',
    /** The second step of a sign-in with 2FA (issue 22). */
    twoFactor: '/auth/two-factor',
  },
  accountList: '/account/list',
  budget: '/budget',
  card: { pattern: '/card/:id', build: (id: number | string): string => `/card/${encodeURIComponent(id)}` },
  configs: {
    categories: '/configs/categories',
    myPlan: '/configs/my-plan',
    upgrade: '/configs/my-plan/upgrade',
    preferences: '/configs/preferences',
    tags: '/configs/tags',
    rules: '/configs/rules',
  },
  dashboard: '/dashboard',
  entriesList: '/entries/list',
  help: '/help',
  /** The import page (issue 20), optionally for one account or card: `/import?account_id=3`. */
  importPage: {
    pattern: '/import',
    build: (target?: { account_id?: number; card_id?: number }): string =>
      target?.account_id
        ? `/import?account_id=${target.account_id}`
        : target?.card_id
          ? `/import?card_id=${target.card_id}`
          : '/import',
  },
  logs: '/logs',
  profile: '/profile',
  reports: { analysis: '/reports/analysis', byCategory: '/reports/by-category' },
} as const;

/** Where a successful sign-in lands (spec §2). */
export const HOME_PATH = paths.entriesList;
