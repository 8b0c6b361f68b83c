import { spawn } from 'node:child_process';

/**
 * Asks the desktop to open `url` in the default browser (`xdg-open`, `open`, `start`), without
 * waiting for it; where there is none (a server, a container), nothing happens and the printed
 * address is the way in.
 */
export function openInBrowser(url: string, platform: NodeJS.Platform = process.platform): void {
  const [command, args] =
    platform === 'darwin' ? ['open', [url]] : platform === 'win32' ? ['cmd', ['/c', 'start', '""', url]] : ['xdg-open', [url]];
  try {
    const child = spawn(command, args, { detached: true, stdio: 'ignore', windowsHide: true });
    child.on('error', () => undefined);
    child.unref();
  } catch {
    // No opener: the address was printed.
  }
}
