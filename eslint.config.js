import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// Server modules, lowest first: a module imports only modules before it in this list
// (docs/architecture.md). Every module's routes use auth's request guard, so that one file
// is open to all.
const serverModules = [
  'mail',
  'users',
  'auth',
  'workspaces',
  'billing',
  'admin',
  'models',
  'pages',
  'projects',
  'locations',
  'site',
  'generation',
  'images',
  'publishing',
  'domains',
  'editor',
  'health',
  'web',
];
const modulePath = (name) => `./apps/server/src/modules/${name}`;

// Each feature, and the features below it that it may compose (none may import one above it or
// beside it): a project's screens show its deploys, domains and releases.
const featureLayers = {
  auth: [],
  profile: [],
  team: [],
  plans: [],
  admin: [],
  editor: [],
  upload: [],
  previews: [],
  deploys: [],
  domains: ['deploys'],
  releases: ['deploys'],
  projects: ['deploys', 'domains', 'releases'],
};
const features = Object.keys(featureLayers);

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '.e2e-data/**', 'test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { 'import-x': importX },
    rules: {
      'import-x/no-cycle': ['error', { maxDepth: 10, ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
    settings: { 'import-x/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } } },
  },
  {
    files: ['apps/server/src/{lib,db,config,jobs}/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './apps/server/src/{lib,db,config,jobs}/**',
              from: './apps/server/src/modules',
              message: 'lib, db, config and jobs sit below every module (docs/architecture.md).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/src/modules/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: serverModules.flatMap((name, i) =>
            serverModules.slice(i + 1).map((above) => ({
              target: modulePath(name),
              from: modulePath(above),
              ...(above === 'auth' && { except: ['./auth.plugin.ts'] }),
              message: `${above} sits above ${name} (docs/architecture.md): pass what ${name} needs in from the composition root.`,
            })),
          ),
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules, 'react-hooks/set-state-in-effect': 'off' },
  },
  // bulletproof-react rule: a feature imports no other feature but those below it (featureLayers);
  // shared pieces live in components/, lib/ or the app/ layer, which composes features.
  ...features.map((feature) => ({
    files: [`apps/web/src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: features
            .filter((other) => other !== feature && !featureLayers[feature].includes(other))
            .map((other) => ({
              group: [
                `**/features/${other}`,
                `**/features/${other}/**`,
                `../${other}`,
                `../${other}/**`,
                `../../${other}/**`,
              ],
              message:
                'Features must not import each other; move the shared piece to components/ or lib/.',
            })),
        },
      ],
    },
  })),
);
