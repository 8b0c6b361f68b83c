/**
 * `text` as a YAML scalar to paste into a mapping, in a block or inside `{…}` and `[…]`: plain when
 * YAML reads it back as this same text, else double-quoted. JSON's string syntax is YAML's
 * double-quoted scalar, escapes included, so a header holding `: `, ` #`, a comma, quotes, a
 * backslash or a line break reads back whole; so does one YAML would read as a number or boolean.
 */
export function yamlScalar(text: string): string {
  return /^[\p{L}\p{N}_][\p{L}\p{N}_ .()+\-·/%]*$/u.test(text) &&
    !/^(true|false|null|yes|no|on|off|y|n|~)$/i.test(text) &&
    !/^[\d.+-]/.test(text) &&
    !text.endsWith(' ')
    ? text
    : JSON.stringify(text);
}
