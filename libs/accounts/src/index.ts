export * from './accounts.module';
