/** en · landing (the public home page). Keys must match the other language's file. */
export const landing = {
  title: 'Personal finance, to the cent',
  hero: {
    eyebrow: 'Personal finance for people who like to know',
    heading: 'Know where every cent goes',
    body: 'Centavo keeps your entries, accounts, credit cards with their invoices and installments, budgets and reports in one calm place — fast even with years of history.',
    primary: 'Start the {days}-day free trial',
    primaryFree: 'Create your account',
    secondary: 'I already have an account',
  },
  features: {
    heading: 'Everything your money needs',
    entries: {
      title: 'Entries that add up',
      body: 'Income, expenses, investments and transfers, with categories, tags, fixed monthly entries and installments split to the cent.',
    },
    cards: {
      title: 'Cards and invoices',
      body: 'Each purchase lands in the right invoice by closing day. See what is due, what is left of the limit, and pay in one click.',
    },
    budgets: {
      title: 'Budgets per category',
      body: 'Set a limit per category and month, copy it forward, and watch the bar fill as you spend.',
    },
    reports: {
      title: 'Reports and dashboard',
      body: 'Monthly results, spending by category, debt still to come, and how your investments grow.',
    },
    languages: {
      title: 'In English and Português',
      body: 'Switch the language at any time; amounts follow your currency.',
    },
    privacy: {
      title: 'Your data stays yours',
      body: 'Payments are handled by the provider, never by your browser. Export everything whenever you like.',
    },
  },
  plans: {
    heading: 'Simple plans',
    subtitle: 'Every new account starts with a {days}-day free trial. Cancel any time.',
    subtitleFree: 'This server does not charge: every account has every feature.',
    monthly: {
      name: 'Monthly',
      body: 'Pay month by month. Full access to every feature.',
      cta: 'Try it free',
    },
    yearly: {
      name: 'Yearly',
      body: 'One payment a year, for less than twelve months. Full access to every feature.',
      cta: 'Try it free',
      badge: 'Best value',
    },
    trial: '{days} days free, then the plan you choose',
  },
  footer: { rights: '© {year} Centavo', help: 'Help', signIn: 'Sign in' },
} as const;
