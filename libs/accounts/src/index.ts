export * from './accounts.module';
export * from './accounts.exception';
export { ACCOUNTS_MIGRATIONS } from './accounts.database';
export * from './accounts.env';
