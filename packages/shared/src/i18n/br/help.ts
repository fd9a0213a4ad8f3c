/** br · help. Keys must match the other language's file (a test enforces it). */
export const help = {
  title: 'Ajuda',
  subtitle:
    'Como o Centavo funciona, área por área. Ainda com dúvida? A atividade da conta mostra cada alteração feita na sua conta.',
  search: 'Buscar na ajuda',
  noResults: 'Nenhum tópico de ajuda corresponde a “{query}”.',
  sections: {
    entries: {
      title: 'Lançamentos',
      body: [
        'Um lançamento é uma movimentação de dinheiro: uma receita, uma despesa, um investimento ou uma transferência. Cada lançamento tem descrição, valor, data, categoria e subcategoria, e uma conta.',
        'Marque o lançamento como pago quando o dinheiro de fato se mover. Lançamentos não pagos entram no saldo previsto, para você planejar o mês.',
        'Use o seletor de mês para navegar entre os meses. Os filtros restringem a lista por conta, categoria, tag, tipo, situação de pagamento ou texto; a lista continua rápida mesmo com milhares de lançamentos.',
        'Você pode exportar os lançamentos que está vendo em CSV ou Excel.',
      ],
    },
    import: {
      title: 'Importar extratos',
      body: [
        'Traga o extrato do banco ou a fatura do cartão em vez de digitar: abra Importar na lista de lançamentos, no menu de uma conta ou na página de um cartão, escolha para onde vão as linhas e solte o arquivo. São lidos OFX (de qualquer banco), CSV (conta e fatura Nubank, Inter ou qualquer layout), Excel (.xlsx) e QIF de até 10 MB.',
        'Nada é salvo até você confirmar. Cada linha aparece com o seu status: nova, duplicada (já importada), provável (já existe um lançamento do mesmo valor a até 5 dias: fica de fora a menos que você a inclua) ou ignorada (linhas de saldo e linhas ilegíveis, com o motivo). Escolha uma categoria ou deixe uma linha de fora antes de importar.',
        'Importar o mesmo arquivo duas vezes não acrescenta nada; duas compras iguais no mesmo dia entram as duas. Um layout que o Centavo não conhece pede uma vez qual coluna é qual, com uma prévia ao vivo, e fica lembrado para aquela conta ou cartão.',
        'Numa fatura de cartão, cada compra vai para a sua fatura pela data de fechamento; “Parcela 2/6” cria esta parcela e as que faltam (as próximas faturas as reconhecem); “Pagamento recebido” registra o pagamento da fatura que ele paga; estornos abatem a sua fatura.',
        'Linhas sem categoria conhecida entram como Sem categoria e contam assim nos orçamentos e relatórios até você escolher uma. O histórico de importações permite desfazer uma importação: os lançamentos dela são removidos (se você alterou algum depois, o Centavo lista antes).',
      ],
    },
    rules: {
      title: 'Regras',
      body: [
        'As regras preenchem a categoria do que chega, do jeito que você faria. Uma regra tem condições — sobre a descrição (contém, é, começa com, termina com, é um de, ou um padrão), o valor (é, maior que, menor que, entre, é um de), a conta, o cartão ou a operação — e ações: uma categoria e subcategoria, uma nova descrição, tags ou a operação. Maiúsculas, minúsculas e acentos não importam: “padaria” combina com “PADARÍA”.',
        'As regras rodam do topo da lista para baixo; em cada ação decide a primeira regra que combinar. Elas rodam em cada linha importada (a linha mostra qual regra escolheu a categoria) e, quando você marca “Também rodar em lançamentos que eu criar sem categoria”, nos lançamentos criados sem categoria. Um lançamento criado com categoria fica com ela.',
        'O Centavo nunca aprende em silêncio. Quando você dá uma categoria a um lançamento importado ou sem categoria, ele oferece “Sempre categorizar «…» como …”; a regra só é criada se você aceitar, e você pode editá-la ou excluí-la.',
        'Configurações › Regras lista as suas regras com quantas vezes cada uma foi aplicada. Suba ou desça uma regra para mudar a prioridade, Teste para ver os lançamentos existentes que ela pega, ou Aplique para categorizar de uma vez os lançamentos existentes sem categoria (os que já têm categoria não mudam).',
      ],
    },
    accounts: {
      title: 'Contas',
      body: [
        'Contas são onde o seu dinheiro fica: corrente, poupança, investimento, carteira ou outra. Informe o banco, uma cor e o saldo inicial (pode ser negativo).',
        'O saldo soma os lançamentos pagos até hoje; o saldo previsto soma todos os lançamentos até o fim do mês que você está vendo.',
        'Uma conta com lançamentos não é excluída por engano: o Centavo pergunta se os lançamentos também devem ser excluídos. Arquive a conta para escondê-la sem perder o histórico.',
      ],
    },
    cards: {
      title: 'Cartões e faturas',
      body: [
        'Um cartão de crédito tem limite, dia de fechamento e dia de vencimento. Compras feitas antes da data de fechamento entram na fatura do mês; compras no dia do fechamento ou depois entram na seguinte.',
        'O vencimento cai no mesmo mês quando o dia de vencimento é depois do fechamento; caso contrário, no mês seguinte. Os bancos às vezes mudam essas datas: você pode alterá-las em uma fatura específica.',
        'Pagar uma fatura cria um pagamento da conta escolhida para o cartão e marca as compras como pagas. Desfazer o pagamento remove exatamente isso. O limite disponível é o limite menos todas as faturas em aberto, incluindo parcelas futuras.',
      ],
    },
    installments: {
      title: 'Parcelas',
      body: [
        'Lance uma compra parcelada escolhendo o número de parcelas (de 2 a 420). O Centavo cria um lançamento por mês; os centavos que não dividem exatamente vão para a primeira parcela, então o total é sempre exato.',
        'Ao editar ou excluir uma parcela, você escolhe: só esta, esta e as seguintes, ou a série inteira.',
      ],
    },
    fixed: {
      title: 'Lançamentos fixos',
      body: [
        'Um lançamento fixo se repete todo mês — aluguel, salário, assinaturas. Informe uma data final, ou deixe em branco para repetir para sempre.',
        'Em meses mais curtos, o dia passa para o último dia do mês. A ocorrência de cada mês pode ser paga ou alterada separadamente.',
      ],
    },
    transfers: {
      title: 'Transferências',
      body: [
        'Uma transferência move dinheiro entre duas contas suas. Ela nunca conta como receita ou despesa, apenas nos saldos das duas contas.',
        'Transferências usam sempre a categoria Transferências e a subcategoria Transferência interna.',
      ],
    },
    budgets: {
      title: 'Orçamentos',
      body: [
        'Defina quanto quer gastar por categoria de despesa em um mês. A página de orçamentos mostra o que foi gasto (compras no cartão incluídas), quanto resta e o percentual usado.',
        'Copie os orçamentos de um mês para os meses seguintes de uma vez; orçamentos já definidos são mantidos, a menos que você escolha sobrescrevê-los. Apagar um orçamento o deixa em zero.',
      ],
    },
    categories: {
      title: 'Categorias',
      body: [
        'Categorias agrupam seus lançamentos. O Centavo já vem com uma árvore pronta (Moradia, Alimentação, Transporte, Saúde, Salário e outras), que não pode ser alterada, e você pode criar suas próprias categorias e subcategorias.',
        'Cada categoria é de receitas, despesas ou investimentos, e tem uma cor e um ícone.',
      ],
    },
    tags: {
      title: 'Tags',
      body: [
        'Tags atravessam as categorias — uma viagem, um projeto, uma pessoa. Digite uma tag nova ao lançar e ela é criada para você.',
        'Filtre a lista de lançamentos por uma tag para ver tudo o que pertence a ela.',
      ],
    },
    dashboard: {
      title: 'Painel',
      body: [
        'O painel resume o mês: receitas, despesas, investimentos e o resultado, os saldos das suas contas e como vão os seus orçamentos.',
      ],
    },
    reports: {
      title: 'Relatórios',
      body: [
        'Análise mostra receitas, despesas, investimentos, o resultado e o saldo acumulado por mês. Por categoria mostra para onde foi o dinheiro, com a tendência de cada categoria.',
        'Escolha o período: os últimos 3, 6 ou 12 meses, este ano, o ano passado ou qualquer intervalo de meses.',
      ],
    },
    plans: {
      title: 'Planos e período de teste',
      body: [
        'Toda conta nova começa com 7 dias de teste grátis, com todos os recursos. Depois, escolha o plano mensal ou o anual.',
        'A página do seu plano mostra a situação, a próxima cobrança e as faturas, e permite trocar a forma de pagamento, mudar de plano ou cancelar. Os pagamentos são processados pelo nosso provedor de pagamentos com cartão; o Centavo nunca vê o número do seu cartão.',
        'Quando o teste ou a assinatura termina, o Centavo leva você à página de assinatura. Seus dados são mantidos.',
      ],
    },
    preferences: {
      title: 'Preferências',
      body: [
        'Escolha o idioma da interface (English ou Português), a moeda em que seus valores aparecem e o seu país. O idioma escolhido fica guardado neste navegador e na sua conta.',
        'Você também pode trocar o idioma e o tema claro ou escuro pelo menu no canto superior direito.',
      ],
    },
    profile: {
      title: 'Perfil e segurança',
      body: [
        'Altere seu nome e e-mail no perfil. Trocar a senha encerra a sessão nos seus outros dispositivos.',
        'Esqueceu a senha? Use “Esqueceu a senha?” na página de login: o link que enviamos vale por 60 minutos e funciona uma única vez.',
        'Você pode excluir sua conta na página de perfil. Tudo é removido e não pode ser recuperado.',
      ],
    },
    signIn: {
      title: 'Outras formas de entrar e verificação em duas etapas',
      body: [
        'Se o servidor oferecer, você pode entrar com Google, Apple ou o provedor da sua organização: o mesmo botão cria sua conta na primeira vez. Um provedor só entra numa conta existente quando os dois dizem que o e-mail está verificado; caso contrário, entre com sua senha e vincule o provedor pelo seu perfil.',
        'A verificação em duas etapas pede um código de 6 dígitos de um app autenticador depois da senha (ou do provedor). Ative-a no seu perfil e guarde os dez códigos de recuperação que ela mostra: cada um funciona uma vez se você perder o celular. Redefinir a senha não a desativa.',
        'Uma chave de acesso faz login com a digital, o rosto ou o PIN do seu dispositivo, sem senha nem código. Adicione uma ou mais pelo seu perfil e dê um nome a cada uma; você pode removê-las lá também, desde que reste outra forma de entrar.',
      ],
    },
    logs: {
      title: 'Atividade da conta',
      body: [
        'A atividade da conta lista os acessos (inclusive tentativas sem sucesso), as saídas, as alterações de senha e de perfil, as exportações e as mudanças de assinatura, com horário, endereço IP e dispositivo.',
        'Se encontrar alguma atividade que não reconhece, troque sua senha imediatamente.',
      ],
    },
  },
} as const;
