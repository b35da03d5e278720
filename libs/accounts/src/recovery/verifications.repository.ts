import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ACCOUNTS_DATA_SOURCE } from '../accounts.database';
import { VerificationTokenEntity, type VerificationPurpose } from './verification-token.entity';

@Injectable()
export class VerificationsRepository {
  constructor(@Inject(ACCOUNTS_DATA_SOURCE) private readonly db: DataSource) {}

  async create(token: VerificationTokenEntity): Promise<void> {
    await this.db.getRepository(VerificationTokenEntity).insert(token);
  }

  latest(userId: string, purpose: VerificationPurpose): Promise<VerificationTokenEntity | null> {
    return this.db.getRepository(VerificationTokenEntity).findOne({ where: { userId, purpose }, order: { createdAt: 'DESC' } });
  }

  /** Marks an unexpired, unused token used and answers it; any other token answers null. Single use under concurrency. */
  async consume(tokenHash: string, purpose: VerificationPurpose, now = new Date()): Promise<VerificationTokenEntity | null> {
    const rows: { id: string; user_id: string }[] = await this.db.query(
      `UPDATE accounts.verification_tokens SET used_at = $3
        WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > $3
        RETURNING id, user_id`,
      [tokenHash, purpose, now],
    );
    const row = Array.isArray(rows[0]) ? (rows[0] as unknown as { id: string; user_id: string }[])[0] : rows[0];
    if (!row) return null;
    return this.db.getRepository(VerificationTokenEntity).findOneBy({ id: row.id });
  }
}
