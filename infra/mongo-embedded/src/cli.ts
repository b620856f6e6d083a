#!/usr/bin/env node
import { parseArgs } from 'node:util';
import { startMongoEmbedded } from './server';

const usage = 'usage: mongo-embedded [--port 27017] [--host 127.0.0.1] [--dbpath DIR]';

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '27017' },
      host: { type: 'string', default: '127.0.0.1' },
      dbpath: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(usage);
    return;
  }
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`invalid --port ${values.port}\n${usage}`);
  const server = await startMongoEmbedded({
    port,
    host: values.host,
    dataDir: values.dbpath,
    onProtocolError: (error) => console.error(JSON.stringify({ level: 'warn', msg: 'closed connection after malformed message', error: error.message })),
  });
  // One JSON line on stdout so a parent process can read the chosen port.
  console.log(JSON.stringify({ level: 'info', msg: 'mongo-embedded listening', uri: server.uri, port: server.port, dbpath: values.dbpath ?? null }));
  const shutdown = () => {
    void server.stop().then(() => process.exit(0));
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
