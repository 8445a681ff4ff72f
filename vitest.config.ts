import { defineConfig } from 'vitest/config';

// One runner for the whole repository; each workspace is a project with its own environment.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'server',
          root: 'apps/server',
          environment: 'node',
          include: ['src/**/*.test.ts'],
          globalSetup: ['test/global-setup.ts'],
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
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        // docs/: every § a comment cites is a section of a document in the repository
        test: { name: 'docs', environment: 'node', include: ['docs/**/*.test.ts'] },
      },
      {
        test: {
          name: 'web',
          root: 'apps/web',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}'],
        },
      },
    ],
  },
});
