import js from '@eslint/js';
import pluginQuery from '@tanstack/eslint-plugin-query';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Import zones: the rule holds without anyone remembering it (ARCHITECTURE.md, "Boundaries"). */
const zone = (files, regex, message) => ({
  files,
  ignores: ['**/*.test.ts', '**/*.test.tsx'],
  rules: { 'no-restricted-imports': ['error', { patterns: [{ regex, message }] }] },
});

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dist-test',
      'node_modules',
      '.data',
      'test-results',
      'playwright-report',
      'public',
      '.bench',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.browser, ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'off',
      '@typescript-eslint/only-throw-error': 'error',
      '@typescript-eslint/no-misused-promises': [
        'error',
        { checksVoidReturn: { attributes: false } },
      ],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  ...pluginQuery.configs['flat/recommended'],
  zone(
    ['src/**/*.{ts,tsx}'],
    '^node:|(\\.\\./)+server/',
    'The app runs in the browser: no Node modules, no server code.',
  ),
  zone(
    ['src/contract/**/*.ts'],
    '^(?!zod$|\\./).*',
    'src/contract imports zod and itself only: no DOM, no Node, no app code.',
  ),
  zone(
    ['src/timing/**/*.ts'],
    '^(react|react-dom|zustand|@tanstack|wavesurfer|node:)|(\\.\\./)+(api|app|features|components|server)(/|$)',
    'src/timing is the pure editing core: no React, no DOM, no Node, no app code.',
  ),
  zone(
    ['src/formats/*.ts'],
    '^(?!\\./|\\.\\./contract$).*',
    'src/formats is pure (browser and Node): the contract and itself only; no React, DOM, Node or app code.',
  ),
  zone(
    ['src/formats/*/**/*.ts'],
    '^(?!\\./|\\.\\./[^.]|\\.\\./\\.\\./contract$).*',
    'src/formats is pure (browser and Node): the contract and itself only; no React, DOM, Node or app code.',
  ),
  zone(
    ['server/**/*.ts'],
    '(\\.\\./)+src/(?!contract|timing|dsp|karaoke-layout)',
    'server/ never imports app code; it shares only src/contract, src/timing, src/dsp and src/karaoke-layout.',
  ),
  zone(
    ['src/karaoke-layout/**/*.ts'],
    '^(?!\\./|\\.\\./contract(/[a-z-]+)?$).*',
    'src/karaoke-layout is pure (the editor preview and the video renderer): the contract and itself only; no React, DOM, Node or app code.',
  ),
  {
    files: ['src/karaoke-layout/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-globals': [
        'error',
        ...['window', 'document', 'navigator', 'process', 'Buffer', 'OffscreenCanvas'].map(
          (name) => ({
            name,
            message: 'src/karaoke-layout is pure: measure text with the function passed in.',
          }),
        ),
      ],
    },
  },
  zone(
    ['src/dsp/**/*.ts'],
    '^(?!\\./).*',
    'src/dsp is pure signal code shared by the app and the service: no imports beyond itself.',
  ),
);
