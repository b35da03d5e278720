export * from './tts.module';
