import { areaError } from '../../errors/area-error.js';
import type { ErrorKind } from '../../errors/mge-error.js';

/**
 * Codes of `mge-ingest sandbox` (exit 2):
 * - `SANDBOX_PORT_IN_USE`, `SANDBOX_PORT_DENIED` (usage): a `--port` it cannot listen on.
 * - `SANDBOX_TEMPLATES_UNREADABLE`, `SANDBOX_TEMPLATES_INVALID` (config): a `--templates` file it cannot use.
 */
export type SandboxErrorCode = 'SANDBOX_PORT_IN_USE' | 'SANDBOX_PORT_DENIED' | 'SANDBOX_TEMPLATES_UNREADABLE' | 'SANDBOX_TEMPLATES_INVALID';

const KIND: Readonly<Record<SandboxErrorCode, ErrorKind>> = {
  SANDBOX_PORT_IN_USE: 'usage',
  SANDBOX_PORT_DENIED: 'usage',
  SANDBOX_TEMPLATES_UNREADABLE: 'config',
  SANDBOX_TEMPLATES_INVALID: 'config',
};

/** A sandbox that cannot start as asked; its kind follows from its code. */
export class SandboxError extends areaError(KIND) {}
