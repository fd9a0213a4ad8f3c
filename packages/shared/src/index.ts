export * from './constants.ts';
export * from './contracts/common.ts';
export * from './contracts/identity.ts';
export * from './dates.ts';
export * from './errors.ts';
export * from './i18n/index.ts';
export * from './money.ts';
