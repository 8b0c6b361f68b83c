/// <reference lib="dom" />
import type { CountsView, MapperEdit, MapperState, SaveAnswer } from '../mapper-api.js';

/** An answer of the server that is not a success: its message, for the status line. */
export class ApiError extends Error {}

async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const response = await fetch(path, {
    method,
    credentials: 'same-origin',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? null : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) {
    let message = text.trim();
    try {
      const parsed = JSON.parse(text) as { error?: string; hint?: string };
      message = [parsed.error, parsed.hint].filter(Boolean).join(' ');
    } catch {
      // A refusal is plain text.
    }
    throw new ApiError(message || `${response.status} ${response.statusText}`);
  }
  return JSON.parse(text) as T;
}

export const getState = (): Promise<MapperState> => call('GET', '/api/state');
export const postEdits = (edits: readonly MapperEdit[]): Promise<MapperState> => call('POST', '/api/edit', { edits });
export const getCounts = (): Promise<CountsView | null> => call('GET', '/api/counts');
export const postSave = (): Promise<SaveAnswer> => call('POST', '/api/save', {});
