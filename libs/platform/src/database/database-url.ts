import { DynamicModule, Global, Module } from '@nestjs/common';

/** The PostgreSQL URL every service module of this process opens its own pool on. */
export const DATABASE_URL = Symbol('DATABASE_URL');

@Global()
@Module({})
export class DatabaseUrlModule {
  static forRoot(url: string): DynamicModule {
    return { module: DatabaseUrlModule, providers: [{ provide: DATABASE_URL, useValue: url }], exports: [DATABASE_URL] };
  }
}
