import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { LanguageCode } from '@lt/contracts';

@Entity({ name: 'room_speakers' })
export class SpeakerEntity {
  @PrimaryColumn('uuid') id!: string;
  @Column({ name: 'room_id', type: 'uuid' }) roomId!: string;
  @Column({ name: 'speaker_name', type: 'varchar' }) speakerName!: string;
  @Column({ name: 'speaker_role', type: 'varchar' }) speakerRole!: 'co-host';
  @Column({ name: 'invite_token_hash', type: 'char', length: 64 }) inviteTokenHash!: string;
  @Column({ name: 'is_active', type: 'boolean' }) isActive!: boolean;
  @Column({ name: 'input_language', type: 'varchar', nullable: true }) inputLanguage!: LanguageCode | null;
  @Column({ name: 'joined_at', type: 'timestamptz', nullable: true }) joinedAt!: Date | null;
  @Column({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
}
