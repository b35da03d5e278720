export * from './accounts.module';
export * from './accounts.exception';
export { ACCOUNTS_MIGRATIONS } from './accounts.database';
export { JWT as ACCESS_TOKEN_JWT } from './accounts.config';
