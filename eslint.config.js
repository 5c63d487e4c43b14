import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'test-results/**', 'playwright-report/**', '.tmp/**', 'docs/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': ['error', { selector: 'CallExpression[callee.object.name="console"][callee.property.name="log"]', message: 'Use the logger (server) or report errors through the machine (client).' }],
    },
  },
  {
    files: ['src/machines/**', 'src/services/**', 'src/contracts/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['react', 'react-dom', '@xstate/react', '*/views/*', '../views/*'], message: 'Machines, services and contracts never import React or views.' }] }],
    },
  },
  {
    files: ['src/machines/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['react', 'react-dom', 'axios', '@xstate/react', '*/views/*'], message: 'A machine gets its service calls as actors; it imports neither React nor axios.' }] }],
    },
  },
  {
    files: ['src/contracts/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['react', 'axios', 'node:*', '*/services/*', '*/machines/*', '*/views/*'], message: 'Contracts are plain schemas shared by server and client.' }] }],
    },
  },
  {
    files: ['server/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['*/src/views/*', '*/src/machines/*', '*/src/services/*', '*/src/app/*'], message: 'The server imports only src/contracts from the browser app.' }] }],
    },
  },
);
