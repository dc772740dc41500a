import { createServer, type Server } from 'node:http';
import type { Logger } from 'pino';
import { registry, type ScrapeSources, setScrapeSources } from './registry.js';

/**
 * GET /metrics in Prometheus's text format on a port of its own (METRICS_PORT, on METRICS_HOST,
 * loopback by default), so the public API never serves it and the scraper needs no credential.
 * Anything else on that port is 404. The gauges read when scraped come from the caller (the
 * process's start, src/process/operations.ts), which knows the tables they count.
 */
export async function startMetricsServer(options: {
  host: string;
  port: number;
  sources: ScrapeSources;
  log: Logger;
}): Promise<{ port: number; close(): Promise<void> }> {
  setScrapeSources(options.sources);
  const server: Server = createServer((req, res) => {
    if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
      return;
    }
    registry.metrics().then(
      (text) => res.writeHead(200, { 'content-type': registry.contentType }).end(text),
      (error: unknown) => {
        // A gauge read from the database failed (it is unreachable): say so, do not crash.
        options.log.warn({ err: error }, 'metrics scrape failed');
        res.writeHead(503, { 'content-type': 'text/plain' }).end('metrics unavailable\n');
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const address = server.address();
  return {
    port: typeof address === 'object' && address !== null ? address.port : options.port,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
