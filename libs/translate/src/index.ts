export * from './translate.module';
export { TRANSLATE_MIGRATIONS } from './translate.database';
