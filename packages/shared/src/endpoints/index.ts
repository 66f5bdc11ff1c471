export * from './projects.ts';
export * from './publishing.ts';
export * from './editor.ts';
export * from './locations.ts';
export * from './auth.ts';
export * from './billing.ts';
export * from './ops.ts';
