import js from '@eslint/js';
import pluginQuery from '@tanstack/eslint-plugin-query';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Import zones (ARCHITECTURE.md, "Floors and import zones"): the rule holds without anyone
 * remembering it. A file matched by several zones gets the last one's rule only (flat config
 * replaces a rule's options), so each zone repeats the patterns of the wider zones it narrows.
 */
const zone = (files, regex, message) => zoneOf(files, [[regex, message]]);
const zoneOf = (files, patterns) => ({
  files,
  ignores: ['**/*.test.ts', '**/*.test.tsx'],
  rules: {
    'no-restricted-imports': [
      'error',
      { patterns: patterns.map(([regex, message]) => ({ regex, message })) },
    ],
  },
});

/** Everything in src/ runs in the browser. */
const BROWSER = [
  '^node:|(\\.\\./)+server/',
  'The app runs in the browser: no Node modules, no server code.',
];
/** src/app composes the features: nothing below it imports it. */
const NOT_APP = [
  '(\\.\\./)+app(/|$)',
  'src/app is the top floor (providers, router, sign-in): features, components and api never import it.',
];

/**
 * The editor's floors, bottom first (ARCHITECTURE.md): a folder imports folders of lower floors
 * only; folders of one floor do not import each other. `editor-page.tsx` stands on top.
 */
const EDITOR_FLOORS = [
  ['store', 'timeline', 'keyboard'],
  ['audio', 'drafts', 'translations'],
  ['review'],
  ['panels'],
  ['tools'],
  ['import-export'],
  ['page'],
];
const editorZones = EDITOR_FLOORS.flatMap((floor, level) => {
  const above = EDITOR_FLOORS.slice(level).flat();
  return floor.map((room) =>
    zoneOf(
      [`src/features/editor/${room}/**/*.{ts,tsx}`],
      [
        BROWSER,
        NOT_APP,
        [
          `^\\.\\./(\\.\\./editor/)?(${above.filter((r) => r !== room).join('|')}|editor-page|index)(/|$)|^\\.\\./?$`,
          `src/features/editor/${room} stands on floor ${level + 1} of the editor: it imports only ${
            level === 0 ? 'nothing of the editor' : EDITOR_FLOORS.slice(0, level).flat().join(', ')
          } (ARCHITECTURE.md, "Floors and import zones").`,
        ],
      ],
    ),
  );
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
  {
    // Functions in src/, server/ and scripts/ stay under ~80 lines (blank lines and comments not
    // counted; tests and benches apart): a component keeps to layout and wiring, its logic lives in
    // plain modules (issue 27).
    files: ['src/**/*.{ts,tsx}', 'server/**/*.ts', 'scripts/**/*.ts'],
    ignores: ['**/*.test.ts', '**/*.test.tsx', 'server/test/**'],
    rules: {
      'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true }],
    },
  },
  zoneOf(['src/**/*.{ts,tsx}'], [BROWSER]),
  zoneOf(['src/{features,components,api}/**/*.{ts,tsx}'], [BROWSER, NOT_APP]),
  zoneOf(
    ['src/components/**/*.{ts,tsx}'],
    [
      BROWSER,
      NOT_APP,
      [
        '(\\.\\./)+features(/|$)',
        'src/components is shared by the features: it never imports one.',
      ],
    ],
  ),
  zoneOf(
    ['src/api/**/*.{ts,tsx}'],
    [
      BROWSER,
      NOT_APP,
      [
        '(\\.\\./)+(features|components)(/|$)',
        'src/api is the client under the screens: no features, no components.',
      ],
    ],
  ),
  ...editorZones,
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
