/** Quotes one argument for a POSIX shell, so a printed command line can be pasted back as it is. */
export function shellQuote(arg: string): string {
  if (arg !== '' && /^[\w@%+=:,./-]+$/.test(arg)) return arg;
  return `'${arg.replaceAll("'", `'\\''`)}'`;
}
