export * from './rules.ts';
export * from './validate.ts';
export * from './zod-issue.ts';
