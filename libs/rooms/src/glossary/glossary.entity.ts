import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { GlossaryEntry } from '@lt/contracts';

@Entity({ name: 'room_glossaries' })
export class GlossaryEntity {
  @PrimaryColumn({ name: 'room_id', type: 'uuid' }) roomId!: string;
  @Column({ name: 'version', type: 'integer' }) version!: number;
  @Column({ name: 'entries', type: 'jsonb' }) entries!: GlossaryEntry[];
  @Column({ name: 'updated_at', type: 'timestamptz' }) updatedAt!: Date;
}
