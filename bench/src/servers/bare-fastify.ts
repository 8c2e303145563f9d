import Fastify from 'fastify';

/** The HTTP baseline: Fastify answering a fixed JSON body, nothing else. Prints its port. */
async function main(): Promise<void> {
  const app = Fastify({ logger: false });
  app.get('/hello', async () => ({ version: '5.2' }));
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  console.info(`listening ${address}`);
}

void main();
