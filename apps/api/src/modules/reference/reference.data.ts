/** Reference data seeded by migration 002. Ids are part of the API contract (DESIGN.md §3): append only. */

export const LANGUAGES = [
  { id: 1, code: 'en', name: 'English' },
  { id: 2, code: 'br', name: 'Português do Brasil' },
] as const;

/**
 * ISO 4217 currencies with their minor-unit digits. The most used come first so that BRL is id 4; the rest
 * follow alphabetically by code.
 */
export const CURRENCIES: ReadonlyArray<readonly [code: string, name: string, decimals: number]> = [
  ['USD', 'US Dollar', 2],
  ['EUR', 'Euro', 2],
  ['GBP', 'Pound Sterling', 2],
  ['BRL', 'Brazilian Real', 2],
  ['AED', 'UAE Dirham', 2],
  ['ARS', 'Argentine Peso', 2],
  ['AUD', 'Australian Dollar', 2],
  ['BOB', 'Boliviano', 2],
  ['CAD', 'Canadian Dollar', 2],
  ['CHF', 'Swiss Franc', 2],
  ['CLP', 'Chilean Peso', 0],
  ['CNY', 'Yuan Renminbi', 2],
  ['COP', 'Colombian Peso', 2],
  ['CZK', 'Czech Koruna', 2],
  ['DKK', 'Danish Krone', 2],
  ['HKD', 'Hong Kong Dollar', 2],
  ['HUF', 'Forint', 2],
  ['IDR', 'Rupiah', 2],
  ['ILS', 'New Israeli Sheqel', 2],
  ['INR', 'Indian Rupee', 2],
  ['JPY', 'Yen', 0],
  ['KRW', 'Won', 0],
  ['MXN', 'Mexican Peso', 2],
  ['NOK', 'Norwegian Krone', 2],
  ['NZD', 'New Zealand Dollar', 2],
  ['PEN', 'Sol', 2],
  ['PLN', 'Zloty', 2],
  ['PYG', 'Guarani', 0],
  ['RUB', 'Russian Ruble', 2],
  ['SAR', 'Saudi Riyal', 2],
  ['SEK', 'Swedish Krona', 2],
  ['SGD', 'Singapore Dollar', 2],
  ['THB', 'Baht', 2],
  ['TRY', 'Turkish Lira', 2],
  ['TWD', 'New Taiwan Dollar', 2],
  ['UYU', 'Peso Uruguayo', 2],
  ['ZAR', 'Rand', 2],
  ['AOA', 'Kwanza', 2],
  ['MZN', 'Mozambique Metical', 2],
  ['CVE', 'Cabo Verde Escudo', 2],
];

/** Brazilian banks with their COMPE codes, plus "Other" (no code). */
export const BANKS: ReadonlyArray<readonly [code: string | null, name: string]> = [
  ['001', 'Banco do Brasil'],
  ['341', 'Itaú Unibanco'],
  ['237', 'Bradesco'],
  ['104', 'Caixa Econômica Federal'],
  ['033', 'Santander'],
  ['260', 'Nubank'],
  ['077', 'Banco Inter'],
  ['336', 'C6 Bank'],
  ['208', 'BTG Pactual'],
  ['756', 'Sicoob'],
  ['748', 'Sicredi'],
  ['041', 'Banrisul'],
  ['070', 'BRB'],
  ['004', 'Banco do Nordeste'],
  ['422', 'Banco Safra'],
  ['212', 'Banco Original'],
  ['290', 'PagBank'],
  ['323', 'Mercado Pago'],
  ['380', 'PicPay'],
  ['655', 'Neon (Votorantim)'],
  ['102', 'XP Investimentos'],
  ['623', 'Banco Pan'],
  ['633', 'Banco Rendimento'],
  ['389', 'Banco Mercantil do Brasil'],
  ['746', 'Banco Modal'],
  ['021', 'Banestes'],
  ['047', 'Banese'],
  ['037', 'Banpará'],
  ['003', 'Banco da Amazônia'],
  ['197', 'Stone'],
  ['403', 'Cora'],
  ['332', 'Acesso Soluções de Pagamento'],
  ['318', 'Banco BMG'],
  ['739', 'Banco Cetelem'],
  ['735', 'Banco Neon'],
  [null, 'Other'],
];

export const FLAGS = [
  'Visa',
  'Mastercard',
  'Elo',
  'American Express',
  'Hipercard',
  'Diners Club',
  'Other',
] as const;

type Kind = 'income' | 'expense' | 'investment' | 'transfer';
interface SystemCategory {
  id: number;
  en: string;
  br: string;
  type: Kind;
  color: string;
  icon: string;
  subs: ReadonlyArray<readonly [id: number, en: string, br: string]>;
}

/**
 * The default tree. Category 1 = Transfers with subcategory 27 = Internal transfer (DESIGN.md §3: an entry
 * with operation 4 is forced to them). Ids are explicit so the contract holds on both dialects.
 */
export const SYSTEM_CATEGORIES: readonly SystemCategory[] = [
  {
    id: 1,
    en: 'Transfers',
    br: 'Transferências',
    type: 'transfer',
    color: '#868e96',
    icon: 'arrows-exchange',
    subs: [[27, 'Internal transfer', 'Transferência interna']],
  },
  {
    id: 2,
    en: 'Housing',
    br: 'Moradia',
    type: 'expense',
    color: '#e8590c',
    icon: 'home',
    subs: [
      [1, 'Rent', 'Aluguel'],
      [2, 'Condominium fee', 'Condomínio'],
      [3, 'Maintenance', 'Manutenção'],
      [4, 'Property tax', 'IPTU'],
    ],
  },
  {
    id: 3,
    en: 'Food',
    br: 'Alimentação',
    type: 'expense',
    color: '#f08c00',
    icon: 'tools-kitchen-2',
    subs: [
      [5, 'Groceries', 'Supermercado'],
      [6, 'Restaurants', 'Restaurantes'],
      [7, 'Delivery', 'Delivery'],
    ],
  },
  {
    id: 4,
    en: 'Transport',
    br: 'Transporte',
    type: 'expense',
    color: '#1971c2',
    icon: 'car',
    subs: [
      [8, 'Fuel', 'Combustível'],
      [9, 'Public transport', 'Transporte público'],
      [10, 'Ride-hailing', 'Aplicativos de transporte'],
      [11, 'Parking', 'Estacionamento'],
    ],
  },
  {
    id: 5,
    en: 'Health',
    br: 'Saúde',
    type: 'expense',
    color: '#c2255c',
    icon: 'heartbeat',
    subs: [
      [12, 'Health insurance', 'Plano de saúde'],
      [13, 'Pharmacy', 'Farmácia'],
      [14, 'Doctors', 'Consultas'],
    ],
  },
  {
    id: 6,
    en: 'Education',
    br: 'Educação',
    type: 'expense',
    color: '#5f3dc4',
    icon: 'school',
    subs: [
      [15, 'Tuition', 'Mensalidade'],
      [16, 'Courses', 'Cursos'],
      [17, 'Books', 'Livros'],
    ],
  },
  {
    id: 7,
    en: 'Leisure',
    br: 'Lazer',
    type: 'expense',
    color: '#2f9e44',
    icon: 'confetti',
    subs: [
      [18, 'Streaming', 'Streaming'],
      [19, 'Outings', 'Passeios'],
    ],
  },
  {
    id: 8,
    en: 'Shopping',
    br: 'Compras',
    type: 'expense',
    color: '#d6336c',
    icon: 'shopping-bag',
    subs: [
      [20, 'Clothing', 'Roupas'],
      [21, 'Electronics', 'Eletrônicos'],
    ],
  },
  {
    id: 9,
    en: 'Bills',
    br: 'Contas',
    type: 'expense',
    color: '#0c8599',
    icon: 'receipt',
    subs: [
      [22, 'Electricity', 'Energia'],
      [23, 'Water', 'Água'],
      [24, 'Internet', 'Internet'],
      [25, 'Phone', 'Telefone'],
    ],
  },
  {
    id: 10,
    en: 'Taxes',
    br: 'Impostos',
    type: 'expense',
    color: '#495057',
    icon: 'building-bank',
    subs: [
      [26, 'Income tax', 'Imposto de renda'],
      [28, 'Fees', 'Taxas'],
    ],
  },
  {
    id: 11,
    en: 'Travel',
    br: 'Viagens',
    type: 'expense',
    color: '#1098ad',
    icon: 'plane',
    subs: [
      [29, 'Flights', 'Passagens'],
      [30, 'Lodging', 'Hospedagem'],
    ],
  },
  {
    id: 12,
    en: 'Pets',
    br: 'Pets',
    type: 'expense',
    color: '#a61e4d',
    icon: 'paw',
    subs: [
      [31, 'Pet food', 'Ração'],
      [32, 'Vet', 'Veterinário'],
    ],
  },
  {
    id: 13,
    en: 'Other expenses',
    br: 'Outras despesas',
    type: 'expense',
    color: '#868e96',
    icon: 'dots',
    subs: [],
  },
  {
    id: 14,
    en: 'Salary',
    br: 'Salário',
    type: 'income',
    color: '#2b8a3e',
    icon: 'briefcase',
    subs: [
      [33, 'Monthly salary', 'Salário mensal'],
      [34, 'Bonus', 'Bônus'],
      [35, '13th salary', '13º salário'],
    ],
  },
  {
    id: 15,
    en: 'Freelance',
    br: 'Freelance',
    type: 'income',
    color: '#37b24d',
    icon: 'device-laptop',
    subs: [[36, 'Projects', 'Projetos']],
  },
  {
    id: 16,
    en: 'Investment income',
    br: 'Rendimentos',
    type: 'income',
    color: '#40c057',
    icon: 'chart-line',
    subs: [
      [37, 'Interest', 'Juros'],
      [38, 'Dividends', 'Dividendos'],
    ],
  },
  {
    id: 17,
    en: 'Other income',
    br: 'Outras receitas',
    type: 'income',
    color: '#69db7c',
    icon: 'dots',
    subs: [
      [39, 'Gifts', 'Presentes'],
      [40, 'Refunds', 'Reembolsos'],
    ],
  },
  {
    id: 18,
    en: 'Savings',
    br: 'Poupança',
    type: 'investment',
    color: '#1c7ed6',
    icon: 'pig-money',
    subs: [[41, 'Emergency fund', 'Reserva de emergência']],
  },
  {
    id: 19,
    en: 'Stocks',
    br: 'Ações',
    type: 'investment',
    color: '#3b5bdb',
    icon: 'chart-candle',
    subs: [
      [42, 'Brazilian stocks', 'Ações nacionais'],
      [43, 'ETFs', 'ETFs'],
    ],
  },
  {
    id: 20,
    en: 'Fixed income',
    br: 'Renda fixa',
    type: 'investment',
    color: '#4263eb',
    icon: 'coins',
    subs: [
      [44, 'Treasury', 'Tesouro Direto'],
      [45, 'CDB', 'CDB'],
    ],
  },
  {
    id: 21,
    en: 'Retirement',
    br: 'Previdência',
    type: 'investment',
    color: '#5c7cfa',
    icon: 'umbrella',
    subs: [],
  },
];
