/** br · landing (a página inicial pública). Keys must match the other language's file. */
export const landing = {
  title: 'Finanças pessoais, centavo por centavo',
  hero: {
    eyebrow: 'Finanças pessoais para quem gosta de saber',
    heading: 'Saiba para onde vai cada centavo',
    body: 'O Centavo reúne seus lançamentos, contas, cartões de crédito com faturas e parcelas, orçamentos e relatórios em um só lugar tranquilo — rápido mesmo com anos de histórico.',
    primary: 'Comece o teste grátis de {days} dias',
    primaryFree: 'Crie sua conta',
    secondary: 'Já tenho uma conta',
  },
  features: {
    heading: 'Tudo de que o seu dinheiro precisa',
    entries: {
      title: 'Lançamentos que fecham',
      body: 'Receitas, despesas, investimentos e transferências, com categorias, tags, lançamentos fixos mensais e parcelas divididas ao centavo.',
    },
    cards: {
      title: 'Cartões e faturas',
      body: 'Cada compra cai na fatura certa pelo dia de fechamento. Veja o que vence, quanto sobra do limite e pague com um clique.',
    },
    budgets: {
      title: 'Orçamentos por categoria',
      body: 'Defina um limite por categoria e mês, replique para os próximos meses e acompanhe a barra enquanto gasta.',
    },
    reports: {
      title: 'Relatórios e painel',
      body: 'Resultado do mês, gastos por categoria, dívidas por vir e a evolução dos seus investimentos.',
    },
    languages: {
      title: 'Em Português e English',
      body: 'Troque o idioma quando quiser; os valores seguem a sua moeda.',
    },
    privacy: {
      title: 'Seus dados são seus',
      body: 'Os pagamentos ficam com o provedor, nunca com o seu navegador. Exporte tudo quando quiser.',
    },
  },
  plans: {
    heading: 'Planos simples',
    subtitle: 'Toda conta nova começa com {days} dias de teste grátis. Cancele quando quiser.',
    subtitleFree: 'Este servidor não cobra: toda conta tem todos os recursos.',
    monthly: {
      name: 'Mensal',
      body: 'Pague mês a mês. Acesso completo a todos os recursos.',
      cta: 'Teste grátis',
    },
    yearly: {
      name: 'Anual',
      body: 'Um pagamento por ano, por menos que doze meses. Acesso completo a todos os recursos.',
      cta: 'Teste grátis',
      badge: 'Melhor custo',
    },
    trial: '{days} dias grátis, depois o plano que você escolher',
  },
  footer: { rights: '© {year} Centavo', help: 'Ajuda', signIn: 'Entrar' },
} as const;
