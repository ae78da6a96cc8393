import type { Server } from 'node:http';

/**
 * Node closes idle keep-alive sockets after 5 s; a client that spends longer preparing its next
 * request (a 100k-item save, a large upload) may start writing just as the socket closes (EPIPE,
 * ECONNRESET). Keep them longer than a client is likely to pause.
 */
export function configureHttpServer(server: Server): Server {
  server.keepAliveTimeout = 30_000;
  server.headersTimeout = 35_000;
  return server;
}
