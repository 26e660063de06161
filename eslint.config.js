// The project's conventions as rules: its layers one way (bulletproof-react's zones), no import cycles, the rules of
// hooks. Not type-aware: the type check (tsc) is its own step, and the lint stays a few seconds.
import fs from 'node:fs';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const features = fs
  .readdirSync('src/client/features', { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

const layers = [
  // A feature is its own island: what two features share lives in components/ or lib/.
  ...features.map((f) => ({
    target: `./src/client/features/${f}`,
    from: './src/client/features',
    except: [`./${f}`],
    message: 'A feature imports no other feature: move what they share to src/client/components or src/client/lib.',
  })),
  // app → features → components / lib, one way.
  { target: './src/client/features', from: './src/client/app', message: 'Features do not import the app shell.' },
  {
    target: ['./src/client/components', './src/client/lib'],
    from: ['./src/client/features', './src/client/app'],
    message: 'Shared client code imports no feature and not the app shell.',
  },
  { target: './src/client/lib', from: './src/client/components', message: 'lib/ imports no component.' },
  // The pricing engine and schemas run on both sides and depend on neither.
  { target: './src/shared', from: ['./src/server', './src/client'], message: 'src/shared imports nothing from src/server or src/client.' },
  // Server layers: app → rest → trpc → routers → services → db; the domain knows no transport.
  {
    target: './src/server/services',
    from: ['./src/server/routers', './src/server/trpc', './src/server/rest', './src/server/http'],
    message: 'Services know no transport: throw the errors of src/server/errors.ts.',
  },
  { target: './src/server/routers', from: './src/server/rest', message: 'Routers import no REST adapter.' },
  {
    target: './src/server/db',
    from: ['./src/server/services', './src/server/routers', './src/server/trpc', './src/server/rest'],
    message: 'db/ imports no layer above it.',
  },
  {
    target: ['./src/server/auth', './src/server/pdf', './src/server/mail', './src/server/errors.ts'],
    from: ['./src/server/trpc', './src/server/rest', './src/server/routers'],
    message: 'auth/, pdf/ and mail/ know no transport.',
  },
];

export default tseslint.config(
  { ignores: ['dist/**', 'release/**', 'node_modules/**', 'db/migrations/**', 'coverage/**', '**/*.d.ts'] },
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    extends: [tseslint.configs.recommended],
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [importX.createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      'import-x/no-restricted-paths': ['error', { zones: layers }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  { files: ['src/client/**/*.{ts,tsx}'], rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' } },
  // Tests and scripts read arbitrary JSON answers.
  { files: ['tests/**', 'scripts/**', '**/*.test.{ts,tsx}'], rules: { '@typescript-eslint/no-explicit-any': 'off' } },
);
