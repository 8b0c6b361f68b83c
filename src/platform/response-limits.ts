const MIB = 1024 * 1024;

/**
 * The largest answer read per endpoint, in bytes, so an endless 200 from a proxy is not buffered
 * whole. Far above what the platform sends (tens to hundreds of KiB; a submit's answer is short).
 */
export const RESPONSE_LIMITS = {
  templatePage: 16 * MIB,
  template: 16 * MIB,
  categoryTree: 16 * MIB,
  projects: 16 * MIB,
  submit: 1 * MIB,
} as const;
