/**
 * A mapping line YAML cannot read because a header holds `: ` or ` #` (`SAMPLE: Exp. porosity`,
 * `Sample #`), with that text quoted; undefined when the line does not look like that.
 */
export function quotingFix(line: string): string | undefined {
  const block = /^(\s*(?:-\s+)?)([^\s"'{[#][^:#]*?|"[^"]*"|'[^']*'):[ \t]+(.+?)\s*$/.exec(line);
  if (block === null) return undefined;
  const [, indent = '', key = '', value = ''] = block;
  if (value.startsWith('{') || value.startsWith('[')) {
    // A flow mapping or list: quote the one entry whose text holds `: ` after its own key.
    const flow = value.startsWith('{')
      ? /([{,]\s*)(?:([\p{L}\p{N}_]+):\s+)([^,{}[\]"']*?:\s[^,{}[\]"']*?)(\s*[,}])/u.exec(value)
      : /([[,]\s*)()([^,{}[\]"']*?:\s[^,{}[\]"']*?)(\s*[,\]])/u.exec(value);
    if (flow === null) return undefined;
    const [whole, open = '', inner = '', text = '', close = ''] = flow;
    const fixed = `${open}${inner === '' ? '' : `${inner}: `}${quote(text.trim())}${close}`;
    return `${indent}${key}: ${value.replace(whole, fixed)}`;
  }
  if (/^["']/.test(value) || !(/:\s/.test(value) || /\s#/.test(value))) return undefined;
  return `${indent}${key}: ${quote(value)}`;
}

/** A YAML double-quoted scalar of `text`: JSON's string syntax is YAML's, so control characters and line breaks are escaped too. */
export function quote(text: string): string {
  return JSON.stringify(text);
}
