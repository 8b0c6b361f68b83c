/** Where a command's output goes and what it may read of its process: injected so tests run the CLI in-process. */
export interface CliIo {
  readonly stdout: { write(text: string): unknown };
  readonly stderr: { write(text: string): unknown };
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly cwd: string;
  /** Aborted on SIGINT/SIGTERM; commands drain and return. @default never aborted */
  readonly signal?: AbortSignal;
}
