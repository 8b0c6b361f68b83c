// Type-aware lint of the TypeScript sources, tests and benchmarks. The layer rules (no cycle, no
// upward import) are dependency-cruiser's (.dependency-cruiser.cjs); the layout of the code is
// prettier's. All three run as `npm run lint`, in CI too.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

// A comment says why in a line or two; a longer story belongs in ARCHITECTURE.md or docs/, pointed
// at by its heading (CONTRIBUTING.md). This refuses the essays the sweep of issue #32 took out.
const MAX_COMMENT_BLOCK_LINES = 10;
const commentBlockLines = {
  meta: {
    type: 'suggestion',
    schema: [],
    messages: { long: 'A comment block of {{lines}} lines (at most {{max}}): move the story to ARCHITECTURE.md or docs/ and point at it.' },
  },
  create(context) {
    const source = context.sourceCode;
    const ownLine = (c) => source.lines[c.loc.start.line - 1].slice(0, c.loc.start.column).trim() === '';
    return {
      Program() {
        let first;
        let last;
        const flush = () => {
          const lines = first === undefined ? 0 : last.loc.end.line - first.loc.start.line + 1;
          if (lines > MAX_COMMENT_BLOCK_LINES)
            context.report({ loc: first.loc, messageId: 'long', data: { lines, max: MAX_COMMENT_BLOCK_LINES } });
          first = undefined;
        };
        for (const comment of source.getAllComments()) {
          if (!ownLine(comment)) continue;
          if (first !== undefined && comment.loc.start.line !== last.loc.end.line + 1) flush();
          first ??= comment;
          last = comment;
        }
        flush();
      },
    };
  },
};

export default tseslint.config(
  { ignores: ['dist/', 'coverage/', 'node_modules/', 'test-output/', '**/*.cjs', '**/*.mjs', '*.config.js'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // A leading underscore marks a value taken apart only to leave it out (`{ a: _a, ...rest }`).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
      // Async generators and `close()` methods satisfy AsyncIterable and Promise-returning interfaces
      // whether or not a given reader has anything to wait for.
      '@typescript-eslint/require-await': 'off',
      // A caught error is handed on as it came (unknown): wrapping it would lose its class and code.
      '@typescript-eslint/prefer-promise-reject-errors': ['error', { allowThrowingUnknown: true, allowThrowingAny: true }],
      '@typescript-eslint/only-throw-error': ['error', { allowThrowingUnknown: true, allowThrowingAny: true }],
      // Values at the edges (argv, cells, parsed JSON) are unknown by type and are turned into text
      // on purpose, after the checks that decide what they may be.
      '@typescript-eslint/no-base-to-string': 'off',
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.object.name='process'][callee.property.name='exit']",
          message: 'Only src/cli/main.ts ends the process; return an exit code instead.',
        },
      ],
    },
  },
  {
    files: ['src/**/*.ts'],
    plugins: { local: { rules: { 'comment-block-lines': commentBlockLines } } },
    rules: { 'local/comment-block-lines': 'error' },
  },
  {
    files: ['src/cli/main.ts', 'test/**', 'bench/**', 'scripts/**'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    // Tests read JSON fixtures and platform answers as plain data and poke at them; the shapes are
    // asserted by the tests themselves, so member access on parsed JSON is allowed there.
    files: ['test/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      // expect(obj.method).toHaveBeenCalled() and friends name methods without calling them.
      '@typescript-eslint/unbound-method': 'off',
    },
  },
);
