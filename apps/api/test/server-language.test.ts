import { describe, expect, it } from 'vitest';
import { appForFile, createUser } from './app.ts';

/** DESIGN.md §7: server messages follow the user's language, else Accept-Language, else English. */
const ctx = await appForFile();

const badRegistration = {
  name: ' ',
  email: 'not-an-email',
  password: 'short',
  password_confirmation: 'other',
};

function register(headers: Record<string, string> = {}) {
  return ctx.app.inject({ method: 'POST', url: '/api/v1/auth/register', payload: badRegistration, headers });
}

/** A signed-out GET that asks for Portuguese. */
function getInPortuguese(url: string) {
  return ctx.app.inject({ method: 'GET', url, headers: { 'accept-language': 'pt-BR' } });
}

describe('error messages in the request language', () => {
  it.each([
    {
      who: 'a signed-in Portuguese user in Portuguese, whatever Accept-Language says',
      name: 'Ana',
      languageId: 2,
      acceptLanguage: 'en-US,en;q=0.9',
      tag: 'Viagem',
      messages: ['A tag já existe', 'Este nome já está em uso', 'Os dados informados são inválidos'],
      required: 'O campo nome é obrigatório',
    },
    {
      who: 'a signed-in English user in English even when the browser prefers Portuguese',
      name: 'Ann',
      languageId: 1,
      acceptLanguage: 'pt-BR,pt;q=0.9',
      tag: 'Travel',
      messages: ['The tag already exists', 'This name is already in use', 'The given data was invalid'],
      required: 'The name field is required',
    },
  ])('answers $who: 409 and 422', async ({ name, languageId, acceptLanguage, tag, messages, required }) => {
    const [exists, inUse, invalidData] = messages;
    const user = await createUser(ctx, name, languageId);
    const headers = { 'accept-language': acceptLanguage };
    await user.request({ method: 'POST', url: '/api/v1/tag', payload: { name: tag } });
    // In the request's language; the tag itself is created first without one.
    const postTag = (tagName: string) =>
      user.request({ method: 'POST', url: '/api/v1/tag', payload: { name: tagName }, headers });
    const duplicate = await postTag(tag.toLowerCase());
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toEqual({
      message: exists,
      code: 'CONFLICT',
      key: 'tagExists',
      errors: { name: [inUse] },
    });
    const invalid = await postTag('');
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json()).toEqual({
      message: invalidData,
      code: 'VALIDATION_ERROR',
      key: 'invalidData',
      errors: { name: [required] },
    });
  });

  it("answers a Portuguese user's field errors and not-found in Portuguese", async () => {
    const user = await createUser(ctx, 'Ana', 2);
    const invalid = await user.request({
      method: 'POST',
      url: '/api/v1/entry',
      payload: { operation_id: 9, value: 0, date: '2024-02-30' },
      headers: { 'accept-language': 'en-US,en;q=0.9' },
    });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json()).toEqual({
      message: 'Os dados informados são inválidos',
      code: 'VALIDATION_ERROR',
      key: 'invalidData',
      errors: expect.objectContaining({
        description: ['O campo descrição é obrigatório'],
        value: ['O campo valor deve ser maior que 0'],
        date: ['A data não é válida (AAAA-MM-DD)'],
        operation_id: ['O campo operação deve ser 1, 2, 3 ou 4'],
      }),
    });

    const comma = await user.request({ method: 'POST', url: '/api/v1/tag', payload: { name: 'a,b' } });
    expect(comma.json().errors).toEqual({ name: ['O campo nome não deve conter vírgula'] });
    const gone = await user.request({ method: 'GET', url: '/api/v1/tag/999999999' });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe('Tag não encontrada');
  });

  it('follows a change of the language preference at the next request', async () => {
    const user = await createUser(ctx, 'Bia', 1);
    const saved = await user.request({
      method: 'PUT',
      url: '/api/v1/user/preferences',
      payload: { language_id: 2, currency_code_id: 4, country_id: 32 },
    });
    expect(saved.statusCode).toBe(200);
    await user.request({ method: 'POST', url: '/api/v1/tag', payload: { name: 'Casa' } });
    const duplicate = await user.request({ method: 'POST', url: '/api/v1/tag', payload: { name: 'casa' } });
    expect(duplicate.json().message).toBe('A tag já existe');
  });

  it('answers signed-out requests in the Accept-Language (any pt → Portuguese)', async () => {
    const res = await register({ 'accept-language': 'pt-BR,pt;q=0.9,en;q=0.8' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: 'Os dados informados são inválidos',
      code: 'VALIDATION_ERROR',
      key: 'invalidData',
      errors: {
        name: ['O campo nome é obrigatório'],
        email: ['O campo e-mail deve ser um e-mail válido'],
        password: ['O campo senha deve ter no mínimo 8 caracteres'],
        password_confirmation: ['A confirmação não confere com a senha'],
      },
    });

    const link = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/reset-password',
      payload: {
        token: 'no-such-token',
        password: 'a-long-password',
        password_confirmation: 'a-long-password',
      },
      headers: { 'accept-language': 'pt' },
    });
    expect(link.statusCode).toBe(422);
    expect(link.json().errors).toEqual({ token: ['Este link é inválido ou expirou'] });

    const anonymous = await getInPortuguese('/api/v1/tag');
    expect(anonymous.json()).toEqual({
      message: 'Não autenticado',
      code: 'UNAUTHENTICATED',
      key: 'unauthenticated',
    });
    const route = await getInPortuguese('/api/v1/nowhere');
    expect(route.json()).toEqual({
      message: 'Rota GET /api/v1/nowhere não encontrada',
      code: 'NOT_FOUND',
      key: 'routeNotFound',
      params: { method: 'GET', path: '/api/v1/nowhere' },
    });
    // A URL Fastify cannot decode never reaches a route: its own error, in the same contract and language.
    const badUrl = await getInPortuguese('/api/v1/%E0%A4%A');
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.json()).toEqual({
      message: 'O endereço da requisição não é válido',
      code: 'VALIDATION_ERROR',
      key: 'badUrl',
    });
    const json = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'accept-language': 'pt-BR', 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(json.statusCode).toBe(422);
    expect(json.json().errors).toEqual({ body: ['O corpo da requisição não é um JSON válido'] });
  });

  it('answers in English without a usable Accept-Language', async () => {
    const cases: Record<string, string>[] = [
      {},
      { 'accept-language': 'de-DE,fr;q=0.8' },
      { 'accept-language': 'en' },
    ];
    for (const headers of cases) {
      const res = await register(headers);
      expect(res.json()).toEqual({
        message: 'The given data was invalid',
        code: 'VALIDATION_ERROR',
        key: 'invalidData',
        errors: {
          name: ['The name field is required'],
          email: ['The e-mail field must be a valid e-mail'],
          password: ['The password field must be at least 8 characters'],
          password_confirmation: ['The password confirmation does not match the password'],
        },
      });
    }
  });

  it('answers the 200 messages of the auth pages in the request language too', async () => {
    const body = { email: 'nobody@example.com' };
    const pt = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/forgot-password',
      payload: body,
      headers: { 'accept-language': 'pt-BR' },
    });
    expect(pt.statusCode).toBe(200);
    expect(pt.json()).toEqual({
      message: 'Se existir uma conta com este endereço, enviamos a ela um link para redefinir a senha',
    });
    const en = await ctx.app.inject({ method: 'POST', url: '/api/v1/auth/forgot-password', payload: body });
    expect(en.json()).toEqual({
      message: 'If an account exists for this address, we have sent it a link to reset the password',
    });
  });
});
