/** br · mail. Keys must match the other language's file (a test enforces it). */
export const mail = {
  greeting: 'Olá, {name},',
  linkHint: 'Se o botão não funcionar, copie este endereço no seu navegador:',
  signature: 'Equipe {app}',
  verify: {
    subject: 'Confirme seu endereço de e-mail no {app}',
    intro: 'Confirme que {email} é o seu endereço de e-mail. O link vale por {hours} horas.',
    action: 'Confirmar endereço de e-mail',
    ignore: 'Se você não criou uma conta no {app}, ignore este e-mail.',
  },
  reset: {
    subject: 'Redefina sua senha do {app}',
    intro:
      'Recebemos um pedido para redefinir a senha da sua conta no {app}. O link vale por {minutes} minutos e pode ser usado uma vez.',
    action: 'Escolher uma nova senha',
    ignore: 'Se você não pediu isso, ignore este e-mail: sua senha continua a mesma.',
  },
  registerAttempt: {
    subject: 'Alguém tentou se registrar no {app} com o seu endereço',
    intro:
      'Alguém (talvez você) tentou criar uma nova conta no {app} com este endereço de e-mail. Ele já tem uma conta, então nada foi criado.',
    action: 'Entrar',
    forgot: 'Esqueceu sua senha? Escolha uma nova aqui:',
    ignore: 'Se não foi você, ignore este e-mail: sua conta não mudou.',
  },
} as const;
