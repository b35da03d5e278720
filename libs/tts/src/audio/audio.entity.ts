import { Column, Entity, PrimaryColumn } from 'typeorm';

/** The speech of one message in one language, made once and kept. */
@Entity({ name: 'audio' })
export class AudioEntity {
  @PrimaryColumn({ name: 'room_id', type: 'uuid' })
  roomId!: string;

  @PrimaryColumn({ name: 'message_id', type: 'varchar' })
  messageId!: string;

  @PrimaryColumn({ type: 'varchar' })
  lang!: string;

  @Column({ type: 'varchar' })
  mime!: string;

  @Column({ type: 'bytea' })
  audio!: Buffer;

  @Column({ type: 'integer' })
  characters!: number;

  @Column({ type: 'varchar' })
  provider!: string;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
