// One ESLint configuration for every package (docs/contributing.md). Style: JavaScript Standard Style
// through neostandard, whose @stylistic rules make `eslint --fix` the formatter. Correctness:
// typescript-eslint's type-aware rules, which read each file's types through the nearest tsconfig.json
// that includes it (each package's own for src/; the root one, bench/'s, scripts/' and
// integration-tests/' for the rest).
import neostandard from 'neostandard'
import tseslint from 'typescript-eslint'

const tsFiles = ['**/*.ts', '**/*.mts', '**/*.cts']
const jsFiles = ['**/*.js', '**/*.mjs', '**/*.cjs']

// Code that is not a package's runtime: tests, type tests, the docs' examples, benchmarks, scripts and
// the Fastify v4 apps and fixtures that the integration tests load.
const notRuntime = [
  '**/test/**', '**/test-types/**', '**/*.test.ts', 'examples/docs/**',
  'bench/**', 'integration-tests/**', 'scripts/**'
]

export default [
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/.tap/**',
      'coverage/**',
      'bench/results/**',
      'integration-tests/.tmp/**',
      // the test trees as `npm test` compiles them (scripts/compile-tests.mjs)
      '**/test-dist/**', 'examples-dist/**',
      // one-line re-exports for Fastify 4's type module paths, checked by tsc -p fastify4/test-types and fastify/test-types
      'fastify4/types/**', 'fastify/types/**',
      // Throwaway comparison scripts (never committed; they resolve the workspace's packages from here).
      '.tmpx/**'
    ]
  },
  ...neostandard({ ts: true }),
  {
    // A disable comment whose rule no longer fires is removed (npm run format does it), not left to rot.
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // `void promise;` is how a deliberately unawaited promise is marked (no-floating-promises below).
      'no-void': ['error', { allowAsStatement: true }]
    }
  },

  // Promises nobody awaits or catches, in every file, JavaScript included (typed through allowJs).
  // Not await-thenable: the instance and what register() returns are awaitable at run time (awaiting waits
  // for the plugins loaded so far) but deliberately not thenable in their type (core/src/types/instance.ts).
  {
    files: [...tsFiles, ...jsFiles],
    plugins: { '@typescript-eslint': tseslint.plugin },
    languageOptions: {
      parser: tseslint.parser,
      parserOptions: {
        // eslint.config.js is the one file no tsconfig.json includes.
        projectService: { allowDefaultProject: ['eslint.config.js'] },
        tsconfigRootDir: import.meta.dirname
      }
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error'
    }
  },

  // `any` leaking into typed code: TypeScript only (in JavaScript every value would be reported).
  {
    files: tsFiles,
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'error',
      '@typescript-eslint/no-unsafe-call': 'error',
      '@typescript-eslint/no-unsafe-member-access': 'error',
      '@typescript-eslint/no-unsafe-return': 'error',
      '@typescript-eslint/no-unsafe-argument': 'error',
      '@typescript-eslint/no-explicit-any': 'error'
    }
  },

  // Outside runtime code the unsafe-any rules are off: tests feed deliberately malformed values through
  // `any` and read untyped JSON payloads, and the benchmarks and fixtures are plain JavaScript. tap queues
  // the subtests of `t.test()` and waits for them, so the promise it returns may float.
  {
    files: notRuntime,
    rules: {
      '@typescript-eslint/no-floating-promises': ['error', {
        allowForKnownSafePromises: [{ from: 'package', package: '@tapjs/core', name: 'PromiseWithSubtest' }]
      }],
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-explicit-any': 'off'
    }
  },

  // Type tests and the docs' examples state an expression only to show (or assert) its type, and the
  // docs' examples leave callbacks' bodies out (`(error, response) => { /* … */ }`).
  {
    files: ['**/test-types/**', 'examples/docs/**'],
    rules: {
      '@typescript-eslint/no-unused-expressions': 'off',
      '@typescript-eslint/no-unused-vars': 'off',
      'n/handle-callback-err': 'off'
    }
  },

  // yup's and ajv-errors' message templates are literal `${path}` strings, not mistyped template literals.
  {
    files: ['compilers/yup/**', 'examples/compilers/yup.ts', 'plugins/error-message/test/**'],
    rules: { 'no-template-curly-in-string': 'off' }
  },

  // @enclave/core's public types and @enclave/fastify4's and @enclave/fastify's mirror Fastify's declarations: the same
  // generic parameters, some unused and kept so that explicit type arguments line up, and `any` where
  // Fastify's declarations have it, so that code type-checked against Fastify type-checks here too.
  {
    files: ['core/src/types/**', 'fastify4/src/types/**', 'fastify/src/types/**'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': 'off'
    }
  }
]
