// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';

const dirs = (path) =>
  readdirSync(path, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);
const escape = (name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Module boundaries (STYLE), with ESLint's own `no-restricted-imports` (regex patterns per
 * folder): a server module imports another module only through that module's service.ts, and so
 * do the server's mechanisms and plugins (`desk/`, `posts/`, `plugins/`, at any depth). On the web,
 * in layers: `app/` reaches a feature only through its `index.ts` (what the feature offers); a
 * feature never imports another feature; the mechanisms (`mechanisms/desk`, `mechanisms/posts`)
 * import components, lib and shared, never a feature; shared web code (components, lib) imports
 * neither a feature nor a mechanism.
 */
const serverOutsideModules = ['desk', 'posts', 'plugins', 'mechanisms'];
const FEATURE_MSG = 'A web feature may not import another feature: move the shared piece to components/ or lib/.';

/** One web layer's rule: no server import (the browser bundle), and no import matching `regex`. */
function webLayer(files, regex, message) {
  return {
    files,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/server/**'], message: 'The web app may import src/shared only.' },
            { regex, message },
          ],
        },
      ],
    },
  };
}

const boundaries = [
  ...dirs('src/server/modules').map((m) => ({
    files: [`src/server/modules/${m}/**/*.ts`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: `^\\.\\./(?!${escape(m)}/)[^./][^/]*/(?!service\\.js$)`, message: 'A server module reaches another module only through its service.ts.' },
          ],
        },
      ],
    },
  })),
  {
    files: serverOutsideModules.map((d) => `src/server/${d}/**/*.ts`),
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^(\\.\\./)+modules/[^./][^/]*/(?!service\\.js$)', message: 'Code outside the modules reaches a module only through its service.ts.' },
          ],
        },
      ],
    },
  },
  // A feature's own files sit one folder down (api/, components/, …) and its index.ts at the top.
  ...dirs('src/web/features').flatMap((f) => [
    webLayer([`src/web/features/${f}/*/**/*.{ts,tsx}`], `^(\\.\\./){2}(?!${escape(f)}/)[^./][^/]*(/|$)|(^|/)features/(?!${escape(f)}/)`, FEATURE_MSG),
    webLayer([`src/web/features/${f}/*.{ts,tsx}`], `^\\.\\./(?!${escape(f)}/)[^./][^/]*(/|$)|(^|/)features/(?!${escape(f)}/)`, FEATURE_MSG),
  ]),
  webLayer(['src/web/app/**/*.{ts,tsx}'], '(^|/)features/[^./][^/]*/(?!index$)', 'The app reaches a feature only through its index.ts.'),
  webLayer(['src/web/mechanisms/**/*.{ts,tsx}'], '(^|/)features/', 'A mechanism may not import a feature: the feature configures it.'),
  webLayer(
    ['src/web/components/**/*.{ts,tsx}', 'src/web/lib/**/*.{ts,tsx}'],
    '(^|/)(features|mechanisms)/',
    'Shared web code may not import a feature or a mechanism.',
  ),
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
    // The resident app (ADR 0009): a browser app of its own; it shares src/shared and the
    // dashboard's contrast-checked Mantine theme, nothing else of the dashboard.
    files: ['src/resident/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/server/**'], message: 'The resident app may import src/shared only.' },
            { regex: '(^|/)web/(?!app/theme$)', message: "The resident app shares only the dashboard's theme (src/web/app/theme.ts)." },
          ],
        },
      ],
    },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      // Shared code is browser-safe: no server or web imports, no Node built-ins.
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/server/**', '**/web/**', 'node:*'], message: 'src/shared must stay browser-safe.' }] }],
    },
  },
  ...boundaries,
);
