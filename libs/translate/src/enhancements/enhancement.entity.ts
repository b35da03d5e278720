import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A sentence as the language model improved it (Enhance Mode); every language is translated from it. */
@Entity({ name: 'enhancements' })
export class EnhancementEntity {
  @PrimaryColumn({ name: 'room_id', type: 'uuid' })
  roomId!: string;

  @PrimaryColumn({ name: 'message_id', type: 'varchar' })
  messageId!: string;

  @Column({ type: 'text' })
  text!: string;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
