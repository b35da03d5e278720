import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { JWK } from 'jose';

/** A sign-in; its refresh tokens form one family, revoked together. */
@Entity({ name: 'sessions' })
export class SessionEntity {
  @PrimaryColumn('uuid') id!: string;
  @Column({ name: 'user_id', type: 'uuid' }) userId!: string;
  @Column({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
  @Column({ name: 'expires_at', type: 'timestamptz' }) expiresAt!: Date;
  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true }) revokedAt!: Date | null;
  @Column({ name: 'revoked_reason', type: 'varchar', nullable: true }) revokedReason!: string | null;
}

@Entity({ name: 'refresh_tokens' })
export class RefreshTokenEntity {
  @PrimaryColumn('uuid') id!: string;
  @Column({ name: 'session_id', type: 'uuid' }) sessionId!: string;
  @Column({ name: 'token_hash', type: 'char', length: 64 }) tokenHash!: string;
  @Column({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
  @Column({ name: 'used_at', type: 'timestamptz', nullable: true }) usedAt!: Date | null;
}

@Entity({ name: 'signing_keys' })
export class SigningKeyEntity {
  @PrimaryColumn('varchar') kid!: string;
  @Column({ name: 'private_jwk', type: 'jsonb' }) privateJwk!: JWK;
  @Column({ name: 'public_jwk', type: 'jsonb' }) publicJwk!: JWK;
  @Column({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
}
