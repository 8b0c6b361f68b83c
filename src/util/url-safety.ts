/**
 * Whether a host name is this machine: `localhost` (and `*.localhost`), 127.0.0.0/8, `::1`, or the
 * unspecified address (`0.0.0.0`, `::`, which a sandbox started with `--host 0.0.0.0` prints and which
 * connects locally). A token sent in clear to such a host never crosses a network.
 */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (host === '::1' || host === '::' || host === '0.0.0.0') return true;
  return /^127(?:\.\d{1,3}){3}$/.test(host);
}

/**
 * The host a URL would carry a credential to in clear text (`http://` to anything but this machine),
 * or undefined when the URL is `https://`, loopback or not a URL.
 */
export function cleartextHost(url: string): string | undefined {
  if (!URL.canParse(url)) return undefined;
  const parsed = new URL(url);
  return parsed.protocol === 'http:' && !isLoopbackHost(parsed.hostname) ? parsed.host : undefined;
}

/** Text with the password (and user) of every `scheme://user:password@` replaced, for messages and logs. */
export function withoutCredentials(text: string): string {
  return text.replace(/\b([a-z][a-z0-9+.-]*:\/\/)[^\s/@"'<>]*@/gi, '$1[redacted]@');
}
