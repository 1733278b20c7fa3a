// Type-aware lint over the hub: the storage port made every query async, and an un-awaited
// promise there silently skips a guard or a write, so floating and misused promises are errors.
import tseslint from 'typescript-eslint'

export default tseslint.config(
  {
    files: ['agora-core/hub/src/**/*.ts'],
    extends: [tseslint.configs.base],
    languageOptions: {
      parserOptions: {
        project: './agora-core/hub/tsconfig.json',
        tsconfigRootDir: import.meta.dirname,
      },
    },
    linterOptions: {reportUnusedDisableDirectives: 'off'},
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/require-await': 'off',
    },
  },
)
