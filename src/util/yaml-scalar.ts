/**
 * `text` as a YAML scalar for a mapping: plain when YAML reads it back the same, else JSON's string
 * syntax (YAML's double-quoted scalar), so `: `, ` #`, quotes or a number-like header read back whole.
 */
export function yamlScalar(text: string): string {
  return /^[\p{L}\p{N}_][\p{L}\p{N}_ .()+\-·/%]*$/u.test(text) &&
    !/^(true|false|null|yes|no|on|off|y|n|~)$/i.test(text) &&
    !/^[\d.+-]/.test(text) &&
    !text.endsWith(' ')
    ? text
    : JSON.stringify(text);
}
