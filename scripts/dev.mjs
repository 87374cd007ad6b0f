// `npm run dev`: the API with reload on change (port 3001, NODE_ENV=development) and the
// Vite dev server with hot module reload on PORT (3000), which proxies /api and /media.
import { spawn } from 'node:child_process';

const port = process.env.PORT ?? '3000';
const apiPort = process.env.API_PORT ?? '3001';
const children = [];

function run(command, args, env) {
  const child = spawn(command, args, {
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  child.on('exit', (code) => {
    for (const other of children) if (other !== child) other.kill('SIGTERM');
    process.exit(code ?? 0);
  });
  children.push(child);
}

run('npx', ['tsx', 'watch', '--clear-screen=false', 'src/server/main.ts'], {
  NODE_ENV: 'development',
  PORT: apiPort,
  HOST: '127.0.0.1',
  PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${port}`,
});
run('npx', ['vite', '--port', port, '--strictPort'], { API_PORT: apiPort });

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const child of children) child.kill('SIGTERM');
  });
}
