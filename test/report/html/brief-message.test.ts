import { briefMessage } from '../../../src/report/html/brief-message.js';

describe('briefMessage', () => {
  test('a short line has no brief: it is shown whole', () => {
    expect(briefMessage('the cell is not a number')).toBeUndefined();
    expect(briefMessage('PLATFORM_ERROR (HTTP 500, code 500): Error while queueing the search-index task')).toBeUndefined();
  });

  test("a proxy's 502 page: the code and status, then the page's title", () => {
    const page =
      '<!DOCTYPE html>\n<html>\n<head>\n  <title>502 Bad Gateway</title>\n</head>\n<body><h1>502 Bad Gateway</h1>\n<hr>nginx</body></html>';
    expect(briefMessage(`PLATFORM_ERROR (HTTP 502): ${page}`)).toBe('PLATFORM_ERROR (HTTP 502): 502 Bad Gateway');
  });

  test('a page without a title: its first text, the markup, styles and entities dropped', () => {
    const page =
      '<html>\n<style>\nbody { color: red }\n</style>\n<body>\n\n  <h1>Service &amp; gateway   down</h1><p>later</p></body></html>';
    expect(briefMessage(`PLATFORM_ERROR (HTTP 504): ${page}`)).toBe('PLATFORM_ERROR (HTTP 504): Service & gateway down');
  });

  test('plain text of several lines: its first line with text; a long line cut', () => {
    expect(briefMessage('INTERNAL_ERROR: \n\n  Traceback (most recent call last):\n  File "x.py"')).toBe(
      'INTERNAL_ERROR: Traceback (most recent call last):',
    );
    const long = briefMessage(`x${'y'.repeat(300)}`)!;
    expect(long).toHaveLength(160);
    expect(long.endsWith('…')).toBe(true);
  });

  test('a status with nothing after it but blank lines is the status alone', () => {
    expect(briefMessage('PLATFORM_ERROR (HTTP 502): \n\n   \n')).toBe('PLATFORM_ERROR (HTTP 502)');
  });
});
