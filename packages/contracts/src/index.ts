export * from './enums.ts';
export * from './validation.ts';
export * from './errors.ts';
export * from './logline.ts';
export * from './user.ts';
export * from './auth.ts';
export * from './analysis.ts';
