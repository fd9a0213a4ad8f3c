/** en · mail. Keys must match the other language's file (a test enforces it). */
export const mail = {
  greeting: 'Hello {name},',
  linkHint: 'If the button does not work, copy this address into your browser:',
  signature: 'The {app} team',
  verify: {
    subject: 'Confirm your e-mail address for {app}',
    intro: 'Please confirm that {email} is your e-mail address. The link is valid for {hours} hours.',
    action: 'Confirm e-mail address',
    ignore: 'If you did not create an account at {app}, you can ignore this e-mail.',
  },
  reset: {
    subject: 'Reset your {app} password',
    intro:
      'We received a request to reset the password of your {app} account. The link is valid for {minutes} minutes and works once.',
    action: 'Choose a new password',
    ignore: 'If you did not ask for this, ignore this e-mail: your password stays as it is.',
  },
  registerAttempt: {
    subject: 'Someone tried to register at {app} with your address',
    intro:
      'Someone (perhaps you) tried to create a new {app} account with this e-mail address. It already has an account, so nothing was created.',
    action: 'Sign in',
    forgot: 'Forgot your password? Choose a new one here:',
    ignore: 'If it was not you, you can ignore this e-mail: your account is unchanged.',
  },
} as const;
