// The baseline: the smallest Fastify 5 app with one JSON route, in its own
// process, measured right before and after each target (bench/load.ts), so
// cloudplane's figures read as "what our plugins, hooks and queries cost"
// rather than as absolute numbers that depend on the machine and its load.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));

const port = Number(process.env.PORT);
await app.listen({ port, host: '127.0.0.1' });
process.stdout.write(`listening on ${port}\n`);

// The bench stops us with SIGTERM; close cleanly so no socket is left half-open.
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
