import { currencySchema, listSchema, preferencesSchema } from '@centavo/shared';
import { valid } from './render-page.tsx';

/**
 * What every signed-in page asks for besides its own data, as the API answers for a new user: English,
 * Brazil, Brazilian reais (the defaults of spec §3), and the currency list that names the real.
 */
export function userAnswers() {
  return {
    '/user/preferences': valid(preferencesSchema, {
      language_id: 1,
      currency_code_id: 4,
      country_id: 32,
      time_zone: 'America/Sao_Paulo',
    }),
    '/currency': valid(listSchema(currencySchema), {
      data: [
        { id: 2, code: 'USD', name: 'US dollar', decimals: 2 },
        { id: 4, code: 'BRL', name: 'Brazilian real', decimals: 2 },
      ],
    }),
  };
}
