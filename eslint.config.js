import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

export default tseslint.config(
  {
    // The oracle's runner and comparer are kept as ../shared/oracle has them, so that a diff
    // against the shared copy shows only our extensions.
    ignores: [
      '.*/**',
      'dist/**',
      'dist-sub/**',
      'node_modules/**',
      'conformance/**',
      'test-results/**',
      'playwright-report/**',
      'public/**',
      'oracle/run.mjs',
      'oracle/compare.mjs',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  { files: ['**/*.js', '**/*.mjs'], ...tseslint.configs.disableTypeChecked },
  { files: ['oracle/**/*.mjs', 'scripts/**/*.mjs'], languageOptions: { globals: globals.node } },
);
