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
}
