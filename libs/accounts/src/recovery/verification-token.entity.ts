import { Column, Entity, PrimaryColumn } from 'typeorm';

export type VerificationPurpose = 'recovery' | 'signup';

/** A single-use link token (password recovery, e-mail confirmation); only its hash is stored. */
@Entity({ name: 'verification_tokens' })
export class VerificationTokenEntity {
  @PrimaryColumn('uuid') id!: string;
  @Column({ name: 'user_id', type: 'uuid' }) userId!: string;
  @Column({ type: 'varchar' }) purpose!: VerificationPurpose;
  @Column({ name: 'token_hash', type: 'char', length: 64 }) tokenHash!: string;
  @Column({ name: 'expires_at', type: 'timestamptz' }) expiresAt!: Date;
  @Column({ name: 'used_at', type: 'timestamptz', nullable: true }) usedAt!: Date | null;
  @Column({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
}
