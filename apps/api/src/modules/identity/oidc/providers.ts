import type { SocialProvider } from '@centavo/shared';
import type { ClientAuth, Configuration } from 'openid-client';
import type { Config } from '../../../config.ts';

export interface ProviderInfo {
  id: SocialProvider;
  name: string;
  issuer: string;
  /** Apple answers with a form POST (response_mode=form_post) and sends the name only the first time. */
  formPost: boolean;
  scope: string;
}

// openid-client and jose load with the first sign-in through a provider, not at start-up (most servers have none).
let openIdClient: Promise<typeof import('openid-client')> | undefined;
export function loadOpenIdClient() {
  openIdClient ??= import('openid-client');
  return openIdClient;
}

/** Seconds the provider may take to answer (discovery, token exchange) before the sign-in says it is down. */
const PROVIDER_TIMEOUT_SECONDS = 10;
const APPLE_SECRET_LIFETIME_SECONDS = 24 * 3600;

/**
 * The OpenID providers of the environment (DESIGN.md §5): Google, Apple and one generic provider. Each is
 * discovered from its issuer on first use through openid-client, and the result kept; a failed discovery (the
 * provider is down) is forgotten, so the next sign-in tries again. Issuers must be https: openid-client's
 * default, never relaxed here (tests trust their local provider's CA through NODE_EXTRA_CA_CERTS).
 */
export class SocialProviders {
  readonly #config: Config;
  readonly #providers: ProviderInfo[] = [];
  readonly #discovered = new Map<SocialProvider, Promise<Configuration>>();
  #appleSecret: { value: string; expiresAt: number } | undefined;

  constructor(config: Config) {
    this.#config = config;
    const { google, apple, oidc } = config.signIn;
    const scope = 'openid email profile';
    if (google)
      this.#providers.push({
        id: 'google',
        name: google.name,
        issuer: google.issuer,
        formPost: false,
        scope,
      });
    if (apple) {
      this.#providers.push({
        id: 'apple',
        name: 'Apple',
        issuer: apple.issuer,
        formPost: true,
        scope: 'openid email name',
      });
    }
    if (oidc)
      this.#providers.push({ id: 'oidc', name: oidc.name, issuer: oidc.issuer, formPost: false, scope });
  }

  list(): ProviderInfo[] {
    return this.#providers;
  }

  get(id: string): ProviderInfo | undefined {
    return this.#providers.find((p) => p.id === id);
  }

  /** Where the provider sends the browser back: registered with the provider as the redirect URI (README). */
  redirectUri(id: SocialProvider): string {
    return `${this.#config.appUrl}/api/v1/auth/oidc/${id}/callback`;
  }

  /** The discovered client configuration; rejects when the provider cannot be reached. */
  configuration(id: SocialProvider): Promise<Configuration> {
    let found = this.#discovered.get(id);
    if (!found) {
      found = this.#discover(id);
      this.#discovered.set(id, found);
      found.catch(() => this.#discovered.delete(id));
    }
    return found;
  }

  async #discover(id: SocialProvider): Promise<Configuration> {
    const client = await loadOpenIdClient();
    const { google, apple, oidc } = this.#config.signIn;
    const options = { timeout: PROVIDER_TIMEOUT_SECONDS };
    if (id === 'apple' && apple) {
      // Apple's client secret is a short-lived ES256 JWT signed with the team's key (client_secret_post).
      const auth: ClientAuth = async (_as, _client, body) => {
        body.set('client_id', apple.clientId);
        body.set('client_secret', await this.#appleClientSecret());
      };
      const config = await client.discovery(new URL(apple.issuer), apple.clientId, {}, auth, options);
      config.timeout = PROVIDER_TIMEOUT_SECONDS;
      return config;
    }
    const settings = id === 'google' ? google : id === 'oidc' ? oidc : undefined;
    if (!settings) throw new Error(`provider ${id} is not configured`);
    const config = await client.discovery(
      new URL(settings.issuer),
      settings.clientId,
      settings.clientSecret,
      undefined,
      options,
    );
    config.timeout = PROVIDER_TIMEOUT_SECONDS;
    return config;
  }

  /** Made with jose as Apple documents it (iss team, sub client, aud Apple's issuer), kept for a day. */
  async #appleClientSecret(): Promise<string> {
    const apple = this.#config.signIn.apple;
    if (!apple) throw new Error('Apple sign-in is not configured');
    const now = Math.floor(Date.now() / 1000);
    if (this.#appleSecret && this.#appleSecret.expiresAt - now > 3600) return this.#appleSecret.value;
    const { importPKCS8, SignJWT } = await import('jose');
    const key = await importPKCS8(apple.privateKey, 'ES256');
    const expiresAt = now + APPLE_SECRET_LIFETIME_SECONDS;
    const value = await new SignJWT({})
      .setProtectedHeader({ alg: 'ES256', kid: apple.keyId })
      .setIssuer(apple.teamId)
      .setSubject(apple.clientId)
      .setAudience(apple.issuer.replace(/\/+$/, ''))
      .setIssuedAt(now)
      .setExpirationTime(expiresAt)
      .sign(key);
    this.#appleSecret = { value, expiresAt };
    return value;
  }
}
