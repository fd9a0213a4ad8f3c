/** en · import (DESIGN.md §8). Keys must match the other language's file (a test enforces it). */
export const importTexts = {
  notes: {
    balance: 'Balance line, not a transaction',
    noId: 'No transaction id (empty FITID): a balance line',
    zero: 'Zero amount',
    date: 'Date missing or not a real date',
    dateRange: 'Date outside the accepted range',
    amount: 'Amount not readable',
    description: 'Description missing',
    columns: 'Fewer columns than the mapping needs',
    tooLarge: 'Amount too large',
    duplicate: 'Already imported',
    duplicateInFile: 'Repeated in this file',
    probable: 'Maybe “{description}” of {date}, already in the ledger',
    installment: 'Installment {number} of {count}: creates it and the ones still to come',
    installmentOfLine: 'An installment of the purchase on line {line}',
    payment: 'Payment of the {month} invoice',
    paymentNoAccount: 'The card has no paying account: set one on the card to import its payments',
    paymentRefused: 'The {month} invoice did not take this payment (nothing owed there, or too much)',
    refund: 'Refund',
  },
};
