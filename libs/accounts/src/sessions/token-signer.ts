import { Injectable, OnModuleInit } from '@nestjs/common';
import { exportJWK, generateKeyPair, importJWK, SignJWT, type JWK, type KeyLike } from 'jose';
import { JWT } from '../accounts.config';
import { SessionsRepository } from './sessions.repository';

const ALG = 'EdDSA';

/**
 * Signs access tokens with the newest Ed25519 key kept in the database, so every replica signs alike and
 * restarts keep sessions valid. The gateway verifies with the public keys (JWKS).
 */
@Injectable()
export class TokenSigner implements OnModuleInit {
  private key!: { kid: string; privateKey: KeyLike | Uint8Array };
  private publicJwks: JWK[] = [];

  constructor(private readonly sessions: SessionsRepository) {}

  async onModuleInit(): Promise<void> {
    let keys = await this.sessions.signingKeys();
    if (keys.length === 0) {
      const { privateKey, publicKey } = await generateKeyPair(ALG, { crv: 'Ed25519', extractable: true });
      const kid = crypto.randomUUID();
      await this.sessions.addSigningKey({
        kid,
        privateJwk: { ...(await exportJWK(privateKey)), kid, alg: ALG },
        publicJwk: { ...(await exportJWK(publicKey)), kid, alg: ALG, use: 'sig' },
        createdAt: new Date(),
      });
      keys = await this.sessions.signingKeys();
    }
    this.key = { kid: keys[0].kid, privateKey: await importJWK(keys[0].privateJwk, ALG) };
    this.publicJwks = keys.map((k) => k.publicJwk);
  }

  jwks(): { keys: JWK[] } {
    return { keys: this.publicJwks };
  }

  sign(claims: { sub: string; sid: string; email: string; role: string }, lifetimeSeconds: number): Promise<string> {
    return new SignJWT({ sid: claims.sid, email: claims.email, role: claims.role })
      .setProtectedHeader({ alg: ALG, kid: this.key.kid, typ: 'JWT' })
      .setSubject(claims.sub)
      .setIssuer(JWT.issuer)
      .setAudience(JWT.audience)
      .setIssuedAt()
      .setExpirationTime(`${lifetimeSeconds}s`)
      .sign(this.key.privateKey);
  }
}
