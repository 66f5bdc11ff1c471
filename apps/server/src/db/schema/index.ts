export * from './users.ts';
export * from './auth.ts';
export * from './billing.ts';
export * from './projects.ts';
export * from './locations.ts';
export * from './usage.ts';
export * from './deploys.ts';
export * from './editor.ts';
