export * from './translate.module';
export { TRANSLATE_MIGRATIONS, TRANSLATE_SCHEMA } from './translate.database';
export * from './translate.env';
