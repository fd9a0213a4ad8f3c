/** en · help. Keys must match the other language's file (a test enforces it). */
export const help = {
  title: 'Help',
  subtitle:
    'How Centavo works, area by area. Still stuck? Your account activity shows every change made to your account.',
  search: 'Search the help',
  noResults: 'No help topic matches “{query}”.',
  sections: {
    entries: {
      title: 'Entries',
      body: [
        'An entry is one movement of money: an income, an expense, an investment or a transfer. Each entry has a description, a value, a date, a category and subcategory, and an account.',
        'Mark an entry as paid when the money actually moved. Unpaid entries still count in the predicted balance, so you can plan the month ahead.',
        'Use the month picker to move between months. Filters narrow the list by account, category, tag, type, paid state or text; the list stays fast even with many thousands of entries.',
        'You can export the entries you are looking at as CSV or Excel.',
      ],
    },
    import: {
      title: 'Importing statements',
      body: [
        'Bring a bank statement or a card bill instead of typing it: open Import from the entries list, from an account’s menu or from a card’s page, choose where the rows go and drop the file. OFX (any bank), CSV (Nubank account and card, Inter, or any layout), Excel (.xlsx) and QIF files up to 10 MB are read.',
        'Nothing is saved until you confirm. Every row is shown with its status: new, duplicate (already imported), probable match (an entry of the same value within 5 days is already there: it is left out unless you include it) or skipped (balance lines and rows that cannot be read, with the reason). Choose a category or leave a row out before importing.',
        'Importing the same file twice adds nothing; two equal purchases on the same day both come in. A layout Centavo does not know asks once which column is which, with a live preview, and is remembered for that account or card.',
        'On a card bill, each purchase goes to its invoice by the closing date; “Parcela 2/6” creates that installment and the ones still to come (the next bills then match them); “Pagamento recebido” records the payment of the invoice it pays; refunds lower their invoice.',
        'Rows without a known category come in as Uncategorised: they are counted as such in budgets and reports until you choose one. The import history lets you undo an import: its entries are removed (if you changed some since, Centavo lists them first).',
      ],
    },
    rules: {
      title: 'Rules',
      body: [
        'Rules fill in the category of what comes in, the way you would. A rule has conditions — on the description (contains, is, starts with, ends with, one of, or a pattern), the amount (is, more than, less than, between, one of), the account, the card or the operation — and actions: a category and subcategory, a new description, tags or the operation. Upper and lower case and accents do not matter: “padaria” matches “PADARÍA”.',
        'Rules run from the top of the list down; for each action, the first rule that matches decides. They run on every imported row (the row shows which rule chose its category) and, when you tick “Also run on entries I create without a category”, on the entries you create without one. An entry you create with a category keeps it.',
        'Centavo never learns silently. When you give a category to an imported or uncategorised entry, it offers “Always categorise «…» as …”; only if you accept is a rule created, and you can edit or delete it.',
        'Settings › Rules lists your rules with how often each matched. Move a rule up or down to change its priority, Test it to see the existing entries it matches, or Apply it to categorise your existing uncategorised entries at once (entries that already have a category are left alone).',
      ],
    },
    accounts: {
      title: 'Accounts',
      body: [
        'Accounts are where your money lives: checking, savings, investment, wallet or other. Give each one a bank, a colour and its initial balance (it may be negative).',
        'The balance counts paid entries up to today; the predicted balance counts every entry up to the end of the month you are viewing.',
        'An account that still has entries cannot be deleted by accident: Centavo asks whether to delete its entries too. Archive an account to hide it without losing its history.',
      ],
    },
    cards: {
      title: 'Cards and invoices',
      body: [
        'A credit card has a limit, a closing day and a due day. Purchases made before the closing date go to that month’s invoice; purchases on or after it go to the next one.',
        'The due date falls in the same month when the due day is after the closing day, otherwise in the following month. Banks sometimes move these dates: you can change them for a single invoice.',
        'Paying an invoice creates one payment from the chosen account to the card and marks its purchases paid. Undoing the payment removes exactly that. The available limit is the limit minus every unpaid invoice, future installments included.',
      ],
    },
    installments: {
      title: 'Installments',
      body: [
        'Enter a purchase in installments by choosing the number of installments (2 to 420). Centavo creates one entry per month; the cents that do not divide evenly go to the first installment, so the total is always exact.',
        'When you edit or delete an installment you choose: only this one, this and the following ones, or the whole series.',
      ],
    },
    fixed: {
      title: 'Fixed entries',
      body: [
        'A fixed entry repeats every month — rent, salary, subscriptions. Give it an end date, or leave the end empty to repeat it for ever.',
        'In short months the day is moved to the last day of the month. Each month’s occurrence can be paid or changed on its own.',
      ],
    },
    transfers: {
      title: 'Transfers',
      body: [
        'A transfer moves money between two of your accounts. It is never counted as income or expense, only in the balances of the two accounts.',
        'Transfers always use the category Transfers and the subcategory Internal transfer.',
      ],
    },
    budgets: {
      title: 'Budgets',
      body: [
        'Set how much you want to spend per expense category in a month. The budget page shows what was spent (card purchases included), what remains and the percentage used.',
        'Copy a month’s budgets to the following months in one step; budgets you already set are kept unless you choose to overwrite them. Erasing a budget sets it to zero.',
      ],
    },
    categories: {
      title: 'Categories',
      body: [
        'Categories group your entries. Centavo comes with a ready-made tree (Housing, Food, Transport, Health, Salary and more) that you cannot change, and you can add your own categories and subcategories.',
        'Each category is for income, expenses or investments, and has a colour and an icon.',
      ],
    },
    tags: {
      title: 'Tags',
      body: [
        'Tags cut across categories — a trip, a project, a person. Type a new tag while entering an entry and it is created for you.',
        'Filter the entries list by a tag to see everything that belongs to it.',
      ],
    },
    dashboard: {
      title: 'Dashboard',
      body: [
        'The dashboard sums up the month: income, expenses, investments and the result, the balances of your accounts, and how your budgets are going.',
      ],
    },
    reports: {
      title: 'Reports',
      body: [
        'Analysis shows income, expenses, investments, the result and the running balance per month. By category shows where the money went, with the trend of each category.',
        'Choose the period: the last 3, 6 or 12 months, this year, last year, or any range of months.',
      ],
    },
    plans: {
      title: 'Plans and trial',
      body: [
        'Every new account starts with a 7-day free trial with all features. After that, choose the monthly or the yearly plan.',
        'Your plan page shows your status, the next charge and your invoices, and lets you change the payment method, switch plans or cancel. Payments are processed by our card payment provider; Centavo never sees your card number.',
        'When the trial or subscription ends, Centavo takes you to the upgrade page. Your data is kept.',
      ],
    },
    preferences: {
      title: 'Preferences',
      body: [
        'Choose the interface language (English or Português), the currency in which your amounts are shown, and your country. The language you pick is remembered on this browser and on your account.',
        'You can also switch the language and the light or dark theme from the menu at the top right.',
      ],
    },
    profile: {
      title: 'Profile and security',
      body: [
        'Change your name and e-mail in your profile. Changing your password signs out your other devices.',
        'Forgot your password? Use “Forgot your password?” on the sign-in page: the link we send is valid for 60 minutes and works once.',
        'You can delete your account from the profile page. Everything is removed and cannot be recovered.',
      ],
    },
    signIn: {
      title: 'Other ways to sign in and two-step verification',
      body: [
        'If the server offers them, you can sign in with Google, Apple or your organisation’s provider: the same button creates your account the first time. A provider joins an existing account only when both say the e-mail address is verified; otherwise sign in with your password and link the provider from your profile.',
        'Two-step verification asks for a 6-digit code from an authenticator app after your password (or provider). Turn it on in your profile; keep the ten recovery codes it shows, each works once if you lose your phone. Resetting your password does not turn it off.',
        'A passkey signs you in with your device’s fingerprint, face or PIN, without a password or a code. Add one or more from your profile and name them; you can remove them there too, as long as another way to sign in remains.',
      ],
    },
    logs: {
      title: 'Account activity',
      body: [
        'Account activity lists sign-ins (including failed attempts), sign-outs, password and profile changes, exports and subscription changes, with the time, IP address and device.',
        'If you see activity you do not recognise, change your password right away.',
      ],
    },
  },
} as const;
