export * from './translate.module';
export { TRANSLATE_MIGRATIONS } from './translate.database';
export * from './translate.env';
