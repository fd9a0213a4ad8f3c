export * from './rules.ts';
export * from './validate.ts';
