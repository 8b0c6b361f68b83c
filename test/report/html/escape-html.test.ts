import { escapeHtml, scriptJson } from '../../../src/report/html/escape-html.js';

describe('escapeHtml', () => {
  test('markup characters become entities; other text is unchanged', () => {
    expect(escapeHtml(`<script>alert("x" & 'y')</script>`)).toBe('&lt;script&gt;alert(&quot;x&quot; &amp; &#39;y&#39;)&lt;/script&gt;');
    expect(escapeHtml('屈服强度 (MPa) ± 12.5')).toBe('屈服强度 (MPa) ± 12.5');
  });
});

describe('scriptJson', () => {
  const hostile = ['</script><script>alert(1)</script>', '<!-- x', 'a & b > c', 'line\u2028sep\u2029para', '</SCRIPT >'];

  test('no character that could end a script element, open a comment or end a line in old parsers', () => {
    const text = scriptJson({ values: hostile });
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(text).toContain('\\u003c/script\\u003e');
    expect(text).toContain('\\u2028');
  });

  test('reads back as the same value', () => {
    expect(JSON.parse(scriptJson({ values: hostile, n: 3, none: null }))).toEqual({ values: hostile, n: 3, none: null });
  });
});
