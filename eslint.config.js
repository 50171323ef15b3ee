// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

const dirs = (path) => readdirSync(path, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
const features = dirs('src/web/features');
const modules = dirs('src/server/modules');

/**
 * Module boundaries (issue 6, STYLE): a web feature never imports another feature, and shared web
 * code (components, lib) imports no feature; a server module reaches another module only through
 * that module's service.ts.
 */
const boundaryZones = [
  ...features.map((f) => ({
    target: `./src/web/features/${f}`,
    from: './src/web/features',
    except: [`./${f}`],
    message: 'A web feature may not import another feature: move the shared piece to components/ or lib/.',
  })),
  { target: ['./src/web/components', './src/web/lib'], from: './src/web/features', message: 'Shared web code may not import a feature.' },
  ...modules.map((m) => ({
    target: `./src/server/modules/${m}`,
    from: './src/server/modules',
    except: [`./${m}`, ...modules.filter((o) => o !== m).map((o) => `./${o}/service.ts`)],
    message: 'A server module reaches another module only through its service.ts.',
  })),
];

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'drizzle/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })] },
    rules: { 'import-x/no-restricted-paths': ['error', { zones: boundaryZones }] },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // The browser never imports server code (it would leak server modules into the bundle).
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/server/**'], message: 'The web app may import src/shared only.' }] }],
    },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      // Shared code is browser-safe: no server or web imports, no Node built-ins.
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/server/**', '**/web/**', 'node:*'], message: 'src/shared must stay browser-safe.' }] }],
    },
  },
);
