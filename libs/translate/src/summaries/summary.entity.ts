import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A summary of one span of a room's transcript in one language: made once, read by every asker. */
@Entity({ name: 'summaries' })
export class SummaryEntity {
  @PrimaryColumn({ name: 'room_id', type: 'uuid' })
  roomId!: string;

  @PrimaryColumn({ type: 'varchar' })
  lang!: string;

  @PrimaryColumn({ name: 'from_seq', type: 'integer' })
  fromSeq!: number;

  @PrimaryColumn({ name: 'up_to_seq', type: 'integer' })
  upToSeq!: number;

  @Column({ type: 'text' })
  text!: string;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
