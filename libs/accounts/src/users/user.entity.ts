import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity({ name: 'users' })
export class UserEntity {
  @PrimaryColumn('uuid') id!: string;
  @Column({ type: 'varchar' }) email!: string;
  @Column({ name: 'password_hash', type: 'text', nullable: true }) passwordHash!: string | null;
  @Column({ type: 'varchar' }) name!: string;
  @Column({ name: 'email_confirmed_at', type: 'timestamptz', nullable: true }) emailConfirmedAt!: Date | null;
  @Column({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
  @Column({ name: 'updated_at', type: 'timestamptz' }) updatedAt!: Date;
}

@Entity({ name: 'identities' })
export class IdentityEntity {
  @PrimaryColumn('uuid') id!: string;
  @Column({ name: 'user_id', type: 'uuid' }) userId!: string;
  @Column({ type: 'varchar' }) provider!: string;
  @Column({ type: 'varchar' }) subject!: string;
  @Column({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
}
