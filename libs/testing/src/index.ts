export * from './database';
export * from './fake-openai/fake-openai.server';
export * from './live-client';
export * from './nats';
export * from './smtp-catcher';
export * from './openapi/openapi-validator';
export * from './tracing';
export * from './fake-google-tts.server';
