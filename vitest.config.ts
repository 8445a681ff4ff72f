import os from 'node:os';
import { defineConfig } from 'vitest/config';

// The test files of the web project that replace a module (vi.mock): a mock stays registered in its process,
// so these run in processes of their own.
const WEB_MOCKING = ['src/api/handle-error.test.ts', 'src/features/scan/upload.test.ts'];

// One runner for the whole repository; each workspace is a project with its own environment.
//
// Where the time went (issue 36: 648 s for 282 files on 2 cores): vitest runs one worker fewer than the
// cores, i.e. one on 2 cores, and each test file in a fresh process that imports everything again — a
// server file spent ~1 s importing the app, a web file ~1 s more setting up jsdom. So: a worker per core,
// and the projects whose files leave no state behind share their worker's process (isolate: false).
export default defineConfig({
  test: {
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'server',
          root: 'apps/server',
          environment: 'node',
          include: ['src/**/*.test.ts'],
          globalSetup: ['test/global-setup.ts'],
          // Each file has its own database and app (test/app.ts); no file replaces a module. Module state
          // must not assume one database per process (see quality-access.ts).
          isolate: false,
          // Scan tests upload and recognise dozens of simulated sheets; beside other work on 2 cores that
          // took over 30 s. Speed is measured by the bench scripts, not here.
          testTimeout: 120_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'packages',
          environment: 'node',
          include: ['packages/*/src/**/*.test.ts', 'tools/*/src/**/*.test.ts'],
          // pure functions; the one test that sets an environment variable puts it back
          isolate: false,
          testTimeout: 60_000,
          // Hooks render and scan simulated sheets too (seconds each on a loaded 2-core machine): the
          // default 10 s failed them while other work ran.
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'scan-agent',
          root: 'apps/scan-agent',
          environment: 'node',
          include: ['src/**/*.test.ts'],
          // The upload test runs against the real server, on its migrated test database.
          globalSetup: ['../server/test/global-setup.ts'],
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        // docs/: every § a comment cites is a section of a document in the repository
        test: { name: 'docs', environment: 'node', include: ['docs/**/*.test.ts'], isolate: false },
      },
      {
        test: {
          name: 'web',
          root: 'apps/web',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}'],
          exclude: WEB_MOCKING,
          isolate: false,
          setupFiles: ['test/fresh-modules.ts'],
        },
      },
      {
        test: { name: 'web-mocks', root: 'apps/web', environment: 'jsdom', include: WEB_MOCKING },
      },
    ],
  },
});
