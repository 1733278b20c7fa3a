// Type-aware lint over every package's src. The storage port made every hub query async, and an
// un-awaited promise silently skips a guard or a write, so floating and misused promises are errors
// everywhere; `any` switches the type checker off, so it is refused; type-only imports say so.
import tseslint from 'typescript-eslint'

export default tseslint.config(
  {
    files: [
      'agora-core/*/src/**/*.ts',
      'plugins/*/src/**/*.ts',
      'harness-adapters/*/src/**/*.ts',
      'conformance/src/**/*.ts',
      'bin/src/**/*.ts',
    ],
    ignores: ['**/dist/**', '**/*.d.ts'],
    extends: [tseslint.configs.base],
    languageOptions: {
      parserOptions: {
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
      },
    },
    linterOptions: {reportUnusedDisableDirectives: 'off'},
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', {fixStyle: 'separate-type-imports'}],
      '@typescript-eslint/require-await': 'off',
    },
  },
)
