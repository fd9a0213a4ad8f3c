import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';

/**
 * A software WebAuthn authenticator for the API tests (the browser tests use Chromium's virtual authenticator):
 * ES256 credentials, "none" attestation, a signature counter, discoverable credentials with their user handle.
 * It builds the authenticator data and signatures byte by byte as WebAuthn §6.1 lays them out, so the server's
 * @simplewebauthn/server verification runs unmodified against it.
 */
interface Credential {
  id: Uint8Array<ArrayBuffer>;
  key: KeyObject;
  rpId: string;
  userHandle: string;
  counter: number;
}

const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

export class SoftAuthenticator {
  readonly credentials: Credential[] = [];
  readonly origin: string;

  constructor(origin: string) {
    this.origin = origin;
  }

  /** navigator.credentials.create() for options from the server (PublicKeyCredentialCreationOptionsJSON). */
  create(options: Record<string, unknown>, origin = this.origin) {
    const rp = options.rp as { id: string };
    const user = options.user as { id: string };
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const cose = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, isoBase64URL.toBuffer(jwk.x ?? '')],
        [-3, isoBase64URL.toBuffer(jwk.y ?? '')],
      ]),
    );
    const id = new Uint8Array(randomBytes(32));
    const credential: Credential = { id, key: privateKey, rpId: rp.id, userHandle: user.id, counter: 0 };
    const authData = concat(
      sha256(rp.id),
      new Uint8Array([UP | UV | AT]),
      counter(0),
      new Uint8Array(16),
      new Uint8Array([id.length >> 8, id.length & 0xff]),
      id,
      cose,
    );
    const attestationObject = isoCBOR.encode(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]) as never,
    );
    this.credentials.push(credential);
    const clientData = clientDataJSON('webauthn.create', String(options.challenge), origin);
    return {
      id: isoBase64URL.fromBuffer(id),
      rawId: isoBase64URL.fromBuffer(id),
      type: 'public-key' as const,
      response: {
        clientDataJSON: isoBase64URL.fromBuffer(clientData),
        attestationObject: isoBase64URL.fromBuffer(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform' as const,
    };
  }

  /** navigator.credentials.get() with the first (or the given) credential of the options' RP. */
  get(options: Record<string, unknown>, which = 0, origin = this.origin) {
    const rpId = String(options.rpId);
    const credential = this.credentials.filter((c) => c.rpId === rpId)[which];
    if (!credential) throw new Error(`no credential for ${rpId}`);
    credential.counter += 1;
    const authData = concat(sha256(rpId), new Uint8Array([UP | UV]), counter(credential.counter));
    const clientData = clientDataJSON('webauthn.get', String(options.challenge), origin);
    const signature = sign('sha256', concat(authData, sha256(clientData)), credential.key);
    return {
      id: isoBase64URL.fromBuffer(credential.id),
      rawId: isoBase64URL.fromBuffer(credential.id),
      type: 'public-key' as const,
      response: {
        clientDataJSON: isoBase64URL.fromBuffer(clientData),
        authenticatorData: isoBase64URL.fromBuffer(authData),
        signature: isoBase64URL.fromBuffer(new Uint8Array(signature)),
        userHandle: credential.userHandle,
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform' as const,
    };
  }
}

function clientDataJSON(type: string, challenge: string, origin: string): Uint8Array<ArrayBuffer> {
  return new Uint8Array(
    new TextEncoder().encode(JSON.stringify({ type, challenge, origin, crossOrigin: false })),
  );
}

function sha256(data: string | Uint8Array): Uint8Array<ArrayBuffer> {
  return new Uint8Array(createHash('sha256').update(data).digest());
}

function counter(n: number): Uint8Array<ArrayBuffer> {
  return new Uint8Array([(n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff]);
}

function concat(...parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}
