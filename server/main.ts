import { createServer } from 'node:http';
import { resolve } from 'node:path';
import { createServiceFromEnv } from './app';

const port = Number(process.env.PORT ?? 8787);
const host = process.env.HOST ?? '127.0.0.1';

const service = await createServiceFromEnv({ staticDir: resolve('dist'), log: console.log });
const server = createServer((req, res) => service.handle(req, res));
server.listen(port, host, () => {
  const base = `http://${host}:${port}`;
  console.log(`Karaoke Timing Studio is running at ${base}/`);
  console.log(`Sign in with one click: ${base}/#key=${service.demoApiKey}`);
});

let stopping = false;
const stop = (signal: string) => {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: finishing requests and stopping…`);
  server.close(() => void service.close().then(() => process.exit(0)));
};
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
