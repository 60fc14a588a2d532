/**
 * The limit for HTTP figures: a bare Fastify app on this machine, in its own process like the
 * service. POST /nothing parses its JSON body and answers a constant; GET /constant?bytes=N
 * answers a constant JSON of N bytes (the size of the service's answer it stands beside).
 */
import Fastify from 'fastify';

const constants = new Map<number, string>();
const constantOf = (bytes: number): string => {
  let text = constants.get(bytes);
  if (text === undefined) {
    text = JSON.stringify({ value: 'x'.repeat(Math.max(0, bytes - 12)) });
    constants.set(bytes, text);
  }
  return text;
};

const app = Fastify({ logger: false });
app.post('/nothing', async () => 'ok');
app.get<{ Querystring: { bytes?: string } }>('/constant', async (request, reply) =>
  reply.type('application/json').send(constantOf(Number(request.query.bytes ?? 1000))),
);
app.get('/health', async () => 'ok');
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
