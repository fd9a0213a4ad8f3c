/** br · import (DESIGN.md §8). Keys must match the other language's file (a test enforces it). */
export const importTexts = {
  notes: {
    balance: 'Linha de saldo, não é uma transação',
    noId: 'Sem identificador da transação (FITID vazio): uma linha de saldo',
    zero: 'Valor zero',
    date: 'Data ausente ou inválida',
    dateRange: 'Data fora do intervalo aceito',
    amount: 'Valor ilegível',
    description: 'Descrição ausente',
    columns: 'Menos colunas do que o mapeamento pede',
    tooLarge: 'Valor grande demais',
    duplicate: 'Já importado',
    duplicateInFile: 'Repetido neste arquivo',
    probable: 'Talvez “{description}” de {date}, que já está nos lançamentos',
    installment: 'Parcela {number} de {count}: cria esta e as que faltam',
    installmentOfLine: 'Uma parcela da compra da linha {line}',
    payment: 'Pagamento da fatura de {month}',
    paymentNoAccount: 'O cartão não tem conta de pagamento: defina uma no cartão para importar os pagamentos',
    paymentRefused: 'A fatura de {month} não aceitou este pagamento (nada em aberto, ou valor alto demais)',
    refund: 'Estorno',
  },
};
