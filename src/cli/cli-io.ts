/** Where a command's output goes and what it may read of its process: injected so tests run the CLI in-process. */
export interface CliIo {
  readonly stdout: { write(text: string): unknown };
  readonly stderr: { write(text: string): unknown };
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly cwd: string;
  /** Aborted on SIGINT/SIGTERM; commands drain and return. @default never aborted */
  readonly signal?: AbortSignal | undefined;
  /** Aborted on a second SIGINT/SIGTERM: stop at once, cancel work in flight. @default never aborted */
  readonly hardSignal?: AbortSignal;
  /** Whether stderr is a terminal (live progress bar instead of periodic lines). @default false */
  readonly stderrIsTty?: boolean;
}
