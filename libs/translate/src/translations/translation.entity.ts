import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { LanguageCode, TranslationFallback } from '@lt/contracts';

@Entity({ name: 'translations' })
export class TranslationEntity {
  @PrimaryColumn('uuid') id!: string;
  @Column({ name: 'room_id', type: 'uuid' }) roomId!: string;
  @Column({ name: 'message_id', type: 'varchar' }) messageId!: string;
  @Column({ type: 'int' }) seq!: number;
  @Column({ type: 'varchar' }) lang!: LanguageCode;
  @Column({ type: 'text' }) text!: string;
  @Column({ type: 'varchar', nullable: true }) fallback!: TranslationFallback | null;
  @Column({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
  /** Set when the translation was made again with a newer glossary (and replaced the first one). */
  @Column({ name: 'revised_at', type: 'timestamptz', nullable: true }) revisedAt?: Date | null;
  @Column({ name: 'glossary_version', type: 'int', nullable: true }) glossaryVersion?: number | null;
}
