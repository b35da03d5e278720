export * from './accounts.module';
export * from './accounts.exception';
export { ACCOUNTS_MIGRATIONS, ACCOUNTS_SCHEMA } from './accounts.database';
export * from './accounts.env';
