import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { InterfaceLocale, PlanType, UserRole } from '@lt/contracts';

@Entity({ name: 'profiles' })
export class ProfileEntity {
  @PrimaryColumn('uuid') id!: string;
  @Column({ type: 'varchar' }) email!: string;
  @Column({ type: 'varchar', nullable: true }) name!: string | null;
  @Column({ name: 'plan_type', type: 'varchar' }) planType!: PlanType;
  @Column({ name: 'token_quota', type: 'int' }) tokenQuota!: number;
  @Column({ name: 'tokens_used', type: 'int' }) tokensUsed!: number;
  @Column({ type: 'varchar' }) role!: UserRole;
  /** The interface language the user chose; null until they choose one. */
  @Column({ type: 'varchar', nullable: true }) locale!: InterfaceLocale | null;
  @Column({ name: 'last_reset', type: 'timestamptz', nullable: true }) lastReset!: Date | null;
  @Column({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
}

@Entity({ name: 'token_usage' })
export class TokenUsageEntity {
  @PrimaryColumn('varchar', { name: 'event_id' }) eventId!: string;
  /** null for an anonymous room, which spends its own budget. */
  @Column({ name: 'user_id', type: 'uuid', nullable: true }) userId!: string | null;
  @Column({ name: 'room_id', type: 'uuid', nullable: true }) roomId!: string | null;
  @Column({ type: 'int' }) tokens!: number;
  @Column({ name: 'event_type', type: 'varchar' }) eventType!: string;
  @Column({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
}
