import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { ConfidenceLevel, LanguageCode } from '@lt/contracts';

@Entity({ name: 'message_logs' })
export class MessageLogEntity {
  @PrimaryColumn('uuid') id!: string;
  @Column({ name: 'room_id', type: 'uuid' }) roomId!: string;
  @Column({ name: 'message_id', type: 'varchar' }) messageId!: string;
  @Column({ type: 'int' }) seq!: number;
  @Column({ type: 'text' }) text!: string;
  @Column({ name: 'source_language', type: 'varchar' }) sourceLanguage!: LanguageCode;
  @Column({ name: 'message_timestamp', type: 'timestamptz' }) messageTimestamp!: Date;
  @Column({ type: 'real', nullable: true }) confidence!: number | null;
  @Column({ name: 'confidence_level', type: 'varchar' }) confidenceLevel!: ConfidenceLevel;
  @Column({ name: 'speaker_id', type: 'varchar' }) speakerId!: string;
  @Column({ name: 'speaker_name', type: 'varchar' }) speakerName!: string;
  @Column({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
}
