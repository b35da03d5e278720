export * from './translate.module';
export { TRANSLATE_MIGRATIONS, TRANSLATE_SCHEMA } from './translate.database';
export * from './translate.env';
export { PresenceRegistry } from './presence/presence.registry';
export { LlmLimiter } from './limits/llm-limiter';
export { GlossaryService } from './glossary/glossary.service';
