import { RUN_TUNING, type Settings } from '../config/settings.js';
import type { ResumeOptions } from '../report/plan-resume.js';
import type { UploadQueueOptions } from '../upload/create-upload-queue.js';
import type { UploadOptions } from '../upload/upload-types.js';

/** The settings an upload's stages are built from. */
export type UploadSettings = Pick<Settings, 'rate' | 'concurrency' | 'maxRetries' | 'maxUncertainStreak' | 'maxChanges' | 'timeoutMs'>;

/** The options of the one queue and of the upload stage, every value set. */
export interface UploadStageOptions {
  readonly queue: UploadQueueOptions;
  readonly upload: UploadOptions;
}

/** No resume flag given: changed rows reported, rejected and uncertain rows of earlier runs not re-sent. */
export const PLAIN_RESUME: ResumeOptions = { onChange: 'report', retryFailed: false, retryUncertain: false };

/**
 * Builds the options of the upload's stages once, from the settings (defaults < config < environment <
 * flags, `loadSettings`) and the fixed tuning (`RUN_TUNING`): the one place a default meets a stage.
 * A stop drains in-flight requests for at most one request deadline (`timeoutMs`).
 */
export function uploadStageOptions(settings: UploadSettings, resume: ResumeOptions = PLAIN_RESUME): UploadStageOptions {
  return {
    queue: { concurrency: settings.concurrency, ratePerSecond: settings.rate },
    upload: {
      maxRetries: settings.maxRetries,
      resume,
      backoff: RUN_TUNING.backoff,
      maxUnreachableStreak: RUN_TUNING.maxUnreachableStreak,
      maxUncertainStreak: settings.maxUncertainStreak,
      maxChanges: settings.maxChanges,
      lookahead: RUN_TUNING.lookaheadPerRequest * Math.max(1, Math.floor(settings.concurrency)),
      drainTimeoutMs: settings.timeoutMs,
    },
  };
}
