export * from './tts.module';
export * from './tts.env';
export * from './tts.database';
