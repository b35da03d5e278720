import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { LanguageCode, Retention, RoomStatus } from '@lt/contracts';

@Entity({ name: 'rooms' })
export class RoomEntity {
  @PrimaryColumn('uuid') id!: string;
  @Column({ name: 'owner_id', type: 'uuid', nullable: true }) ownerId!: string | null;
  @Column({ type: 'varchar' }) name!: string;
  @Column({ name: 'source_language', type: 'varchar', nullable: true }) sourceLanguage!: LanguageCode | null;
  @Column({ type: 'varchar' }) status!: RoomStatus;
  @Column({ name: 'viewer_link', type: 'text' }) viewerLink!: string;
  @Column({ name: 'scheduled_at', type: 'timestamptz', nullable: true }) scheduledAt!: Date | null;
  @Column({ name: 'duration_minutes', type: 'int' }) durationMinutes!: number;
  /** Whether viewers may read and download the transcript (the owner may turn it off). */
  @Column({ name: 'viewer_downloads', type: 'boolean' }) viewerDownloads!: boolean;
  /** How long the transcript, translations, summaries and audio are kept (`retentionSchema`). */
  @Column({ type: 'varchar' }) retention!: Retention;
  /** When the room last ended; null until it first ends. */
  @Column({ name: 'ended_at', type: 'timestamptz', nullable: true }) endedAt!: Date | null;
  /** When the retention setting last deleted the room's content; null if never. */
  @Column({ name: 'transcript_deleted_at', type: 'timestamptz', nullable: true }) transcriptDeletedAt!: Date | null;
  /** Whether interim lines are translated for the viewers ("Fast captions"; the owner or host may turn it off). */
  @Column({ name: 'fast_captions', type: 'boolean' }) fastCaptions!: boolean;
  /** Tokens the room may spend after its end; null: the deployment's default. */
  @Column({ name: 'ended_allowance', type: 'int', nullable: true }) endedAllowance!: number | null;
  /** Whether the audience may ask questions (off until the owner or host turns it on). */
  @Column({ name: 'questions_enabled', type: 'boolean' }) questionsEnabled!: boolean;
  @Column({ name: 'host_key_hash', type: 'char', length: 64 }) hostKeyHash!: string;
  @Column({ name: 'last_seq', type: 'int' }) lastSeq!: number;
  @Column({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
  @Column({ name: 'updated_at', type: 'timestamptz' }) updatedAt!: Date;
}

@Entity({ name: 'room_evaluations' })
export class RoomEvaluationEntity {
  @PrimaryColumn('uuid') id!: string;
  @Column({ name: 'room_id', type: 'uuid' }) roomId!: string;
  @Column({ name: 'start_time', type: 'timestamptz' }) startTime!: Date;
  @Column({ name: 'end_time', type: 'timestamptz' }) endTime!: Date;
  @Column({ name: 'total_messages', type: 'int' }) totalMessages!: number;
  @Column({ name: 'translated_messages', type: 'int' }) translatedMessages!: number;
  @Column({ name: 'success_rate', type: 'numeric' }) successRate!: string;
}
