import { spawn } from 'node:child_process';

/**
 * Runs ffmpeg or ffprobe; resolves its standard output, rejects with the end of its error
 * output on failure, or when it runs past `timeoutMs` (it is killed then).
 */
export function runMediaTool(
  command: 'ffmpeg' | 'ffprobe',
  args: string[],
  timeoutMs: number,
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      // Only short answers are read (a duration, an encoder list); the cap bounds a chatty one.
      stdout = (stdout + chunk.toString('utf8')).slice(-64 * 1024);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-2000);
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve(stdout);
      else reject(new Error(`${command} ${signal ?? `exit ${code}`}: ${stderr.trim()}`));
    });
  });
}

/** The demuxer for each sniffed container; forcing it stops ffmpeg guessing other formats. */
const DEMUXERS: Record<string, string> = { mp4: 'mov', mov: 'mov', webm: 'matroska' };
export const demuxerFor = (extension: string) => DEMUXERS[extension] ?? 'mov';
