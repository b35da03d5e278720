import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity({ name: 'room_ingest_keys' })
export class IngestKeyEntity {
  @PrimaryColumn({ name: 'room_id', type: 'uuid' }) roomId!: string;
  @Column({ name: 'key_hash', type: 'char', length: 64 }) keyHash!: string;
  @Column({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
}
