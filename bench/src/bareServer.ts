import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

/** A bare Fastify answering fixed bytes: the ceiling a signed-in list is compared with. */
const [port, file] = process.argv.slice(2);
const body = readFileSync(file!);
const app = Fastify();
app.get('/', async (_request, reply) => reply.type('application/json').send(body));
void app.listen({ port: Number(port), host: '127.0.0.1' }).then(() => console.log('prêt'));
