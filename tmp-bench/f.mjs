import Fastify from 'fastify';
import cookie from '@fastify/cookie';
const app = Fastify();
let t = performance.now();
await app.register(cookie);
console.log('cookie', performance.now() - t);
t = performance.now();
await app.register(async (a) => {});
console.log('empty', performance.now() - t);
