export * from './asr.messages';
export * from './asr.subjects';
export * from './audio-frames';
export * from './audio-wire';
