export * from './schema';
export * from './client';
export * as schema from './schema';
