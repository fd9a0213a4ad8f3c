import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';

/**
 * TOTP secrets at rest (DESIGN.md §5): AES-256-GCM under a key derived (HKDF-SHA256) from MFA_ENCRYPTION_KEY,
 * or from JWT_SECRET when that is unset, with the user id as associated data, so a copied database alone does
 * not give the codes and a ciphertext moved to another user's row does not decrypt. Changing the key turns
 * every user's authenticator off in effect: docs/decisions/sign-in-methods.md says how to rotate.
 */
export class SecretBox {
  readonly #key: Buffer;

  constructor(secret: string) {
    this.#key = Buffer.from(hkdfSync('sha256', secret, 'centavo', 'totp-secret-v1', 32));
  }

  seal(plain: string, userId: number): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.#key, iv);
    cipher.setAAD(Buffer.from(`user:${userId}`));
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
  }

  /** The plain text, or null when the value was not sealed for this user with this key. */
  open(sealed: string, userId: number): string | null {
    const [version, payload] = sealed.split('.');
    if (version !== VERSION || !payload) return null;
    const raw = Buffer.from(payload, 'base64url');
    if (raw.length < 29) return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.#key, raw.subarray(0, 12));
      decipher.setAAD(Buffer.from(`user:${userId}`));
      decipher.setAuthTag(raw.subarray(12, 28));
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
    } catch {
      return null;
    }
  }
}
