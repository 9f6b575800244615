import { createHash, createSign, generateKeyPairSync, randomBytes } from 'node:crypto';
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';

type Json = Record<string, unknown>;
const b64url = (bytes: Uint8Array) => isoBase64URL.fromBuffer(new Uint8Array(bytes));
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();
const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};

// Authenticator data flags (WebAuthn section 6.1): user present, user verified, attested credential data.
const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

/**
 * A software passkey for the API tests: an ES256 key pair that answers WebAuthn ceremonies as an
 * authenticator with user verification would (attestation 'none'), so the server's real checks run
 * on real signatures. `counter` goes up by one per assertion unless `counting` is false (as many
 * platform authenticators do, which always say 0).
 */
export function softwarePasskey(opts: { origin: string; counting?: boolean }) {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const credentialId = randomBytes(16);
  const id = b64url(credentialId);
  let counter = 0;
  let userHandle: string | undefined;

  const clientData = (type: string, challenge: string, origin = opts.origin) =>
    Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));

  return {
    id,
    get counter() {
      return counter;
    },

    /** The answer to registration options (what @simplewebauthn/browser's startRegistration returns). */
    register(options: Json) {
      const rp = options.rp as { id: string };
      userHandle = (options.user as { id: string }).id;
      // COSE_Key (RFC 9053): EC2, ES256, P-256, x, y.
      const cose = new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, isoBase64URL.toBuffer(jwk.x!)],
        [-3, isoBase64URL.toBuffer(jwk.y!)],
      ]);
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(credentialId.length);
      const authData = Buffer.concat([
        sha256(rp.id),
        Buffer.from([UP | UV | AT]),
        u32(counter),
        Buffer.alloc(16), // AAGUID: none
        idLength,
        credentialId,
        isoCBOR.encode(cose),
      ]);
      const attestationObject = isoCBOR.encode(
        new Map<string, string | Uint8Array | Map<string, string>>([
          ['fmt', 'none'],
          ['attStmt', new Map<string, string>()],
          ['authData', authData],
        ]),
      );
      return {
        id,
        rawId: id,
        type: 'public-key',
        response: {
          clientDataJSON: b64url(clientData('webauthn.create', options.challenge as string)),
          attestationObject: b64url(attestationObject),
          transports: ['internal'],
        },
        clientExtensionResults: {},
      };
    },

    /**
     * The answer to authentication options (startAuthentication's). `origin` signs for another site
     * (a phishing page); `sameCounter` answers without moving the counter (a cloned authenticator).
     */
    assert(options: Json, how: { origin?: string; sameCounter?: boolean; flags?: number } = {}) {
      if ((opts.counting ?? true) && !how.sameCounter) counter++;
      const rpIdHash = sha256(options.rpId as string);
      const authData = Buffer.concat([rpIdHash, Buffer.from([how.flags ?? UP | UV]), u32(counter)]);
      const clientDataJSON = clientData('webauthn.get', options.challenge as string, how.origin);
      const signature = createSign('SHA256')
        .update(Buffer.concat([authData, sha256(clientDataJSON)]))
        .sign(privateKey);
      return {
        id,
        rawId: id,
        type: 'public-key',
        response: {
          clientDataJSON: b64url(clientDataJSON),
          authenticatorData: b64url(authData),
          signature: b64url(signature),
          ...(userHandle ? { userHandle } : {}),
        },
        clientExtensionResults: {},
      };
    },
  };
}

export const USER_PRESENT_ONLY = UP;
