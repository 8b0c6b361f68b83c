import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SourceRow, TableSource } from '../../src/sources/source-types.js';
import { MgeError } from '../../src/errors/mge-error.js';
import { collect } from '../helpers/iterables.js';

/** The source fixtures folder. */
export const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/sources');

/** A fixture's path. */
export function fixture(name: string): string {
  return path.join(FIXTURES, name);
}

/** Every row of a table. */
export async function readAll(table: TableSource): Promise<SourceRow[]> {
  return collect(table.rows());
}

/** The MgeError a promise rejects with (fails the test if it resolves or throws something else). */
export async function sourceFailure(promise: Promise<unknown>): Promise<MgeError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof MgeError) return error;
    throw error;
  }
  throw new Error('expected a source error');
}
