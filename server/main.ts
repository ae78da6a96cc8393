/**
 * `npm start` (through scripts/start.mjs): the built app and the local service on one port. With
 * SERVICE_ROLE=worker the process runs tasks only and listens nowhere unless PORT is set (then it
 * answers /healthz alone).
 */
import { createServer } from 'node:http';
import { resolve } from 'node:path';
import { createServiceFromEnv, serviceOptionsFromEnv } from './app';
import { configureHttpServer } from './http/server-options';

const port = Number(process.env.PORT ?? 8787);
const host = process.env.HOST || '127.0.0.1';
const options = serviceOptionsFromEnv();

const service = await createServiceFromEnv({
  staticDir: resolve(process.env.STATIC_DIR ?? 'dist'),
  log: console.log,
});
if (options.role === 'worker') console.log(`Task worker ${service.workerId} is running.`);
const listen = options.role !== 'worker' || process.env.PORT !== undefined;
const server = configureHttpServer(createServer((req, res) => service.handle(req, res)));
server.on('clientError', (_error, socket) => {
  // Garbage on the wire: answer 400 and move on, never crash.
  if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
  else socket.destroy();
});
if (listen)
  server.listen(port, host, () => {
    const shown = host.includes(':') ? `[${host}]` : host;
    // PORT=0 picks a free port: print the real one.
    const address = server.address();
    const base =
      options.publicUrl ??
      `http://${shown}:${typeof address === 'object' && address ? address.port : port}`;
    console.log(`Karaoke Timing Studio is running at ${base}/`);
    console.log(`API: ${base}/api/v1 (health: ${base}/healthz)`);
    // A one-time link, never the key itself: keys stay out of logs (docs/adr/0010).
    service.signInLink(base).then(
      (link) => console.log(`Sign in with one click (valid once, for 15 minutes): ${link}`),
      (error: unknown) => console.error('Could not make a sign-in link:', error),
    );
  });

let stopping = false;
const stop = (signal: string) => {
  if (stopping) {
    // A second Ctrl-C: stop now.
    process.exit(130);
  }
  stopping = true;
  console.log(`${signal}: finishing requests and stopping…`);
  // Idle keep-alive sockets would hold server.close() open: close them, let busy ones finish.
  server.closeIdleConnections();
  const force = setTimeout(() => server.closeAllConnections(), 10_000);
  force.unref();
  const closed = (done: () => void) => (listen ? server.close(done) : done());
  closed(() => {
    service.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  });
};
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
