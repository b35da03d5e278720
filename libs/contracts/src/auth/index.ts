export * from './auth.dto';
export * from './auth.response';
export * from './accounts.subjects';
