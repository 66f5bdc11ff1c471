export * from './messages.ts';
export * from './limits.ts';
export * from './status.ts';
export * from './contracts/common.ts';
export * from './contracts/users.ts';
export * from './contracts/auth.ts';
export * from './contracts/plans.ts';
export * from './contracts/projects.ts';
