/** The Karaoke Project Service API contract: zod schemas and the route table. Imports zod only. */
export * from './account';
export * from './alignment';
export * from './alignment-check';
export * from './common';
export * from './library';
export * from './project';
export * from './routes';
export * from './style';
export * from './style-fields';
export * from './task';
