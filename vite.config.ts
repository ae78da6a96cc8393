import { availableParallelism } from 'node:os';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import type { KaraokeService } from './server/app';

/** `npm run dev`: the local service's API inside the Vite dev server (one process, same origin). */
function localService(): Plugin {
  let service: KaraokeService | undefined;
  return {
    name: 'karaoke-local-service',
    apply: 'serve',
    async configureServer(server) {
      // vitest starts a Vite server with these plugins; tests start their own service.
      if (process.env.VITEST) return;
      const mod = (await server.ssrLoadModule('/server/app.ts')) as typeof import('./server/app');
      service = await mod.createServiceFromEnv({ log: (line) => server.config.logger.info(line) });
      server.middlewares.use((req, res, next) => {
        if (service) service.handle(req, res, next);
        else next();
      });
      server.httpServer?.once('close', () => void service?.close());
    },
  };
}

/**
 * With DATABASE_URL set (postgres://…), the server's integration tests run a second time on
 * PostgreSQL (a fresh schema per service), with S3_* also on that store (server/test/harness.ts).
 */
const postgresProject = process.env.DATABASE_URL
  ? [
      {
        extends: true as const,
        test: {
          name: 'node-postgres',
          environment: 'node',
          include: ['server/**/*.test.ts'],
          env: { TEST_BACKEND: 'postgres' },
          // Every statement is a round trip to the server: the 100k-item tests need more time.
          testTimeout: 90_000,
        },
      },
    ]
  : [];

export default defineConfig(({ mode }) => ({
  plugins: [react(), localService()],
  // Test hooks (window.__timeline) exist in dev, unit tests and the e2e build, never in the
  // production build: `KTS_TEST_HOOKS=1 vite build` (scripts/start.mjs for Playwright) turns them on.
  define: {
    __TEST_HOOKS__: JSON.stringify(mode !== 'production' || process.env.KTS_TEST_HOOKS === '1'),
  },
  server: { host: '127.0.0.1', port: 5173 },
  build: { sourcemap: true, chunkSizeWarningLimit: 1500 },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: ['src/**/*.test.ts', 'server/**/*.test.ts', 'scripts/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          environment: 'happy-dom',
          include: ['src/**/*.test.tsx'],
          setupFiles: ['src/test-setup-dom.ts'],
        },
      },
      ...postgresProject,
    ],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // vitest's default is one worker fewer than the cores: one on the 2-core CI machine, which
    // leaves a core idle while a test waits on a child process (pocketsphinx, ffmpeg) or on
    // PostgreSQL. At least two.
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
}));
