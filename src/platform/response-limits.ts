const MIB = 1024 * 1024;

/**
 * The largest answer read from each endpoint, in bytes; a bigger one is cut off there. A proxy or a
 * hostile server that streams an endless 200 would otherwise be buffered whole. The bounds are far
 * above what the platform sends: a page of 100 template summaries or one template with hundreds of
 * fields is tens to hundreds of KiB, the category tree and the projects a few hundred KiB, and the
 * answer to a submit a short envelope (`{"code": 0, "data": <id>}`, or an error with its detail).
 */
export const RESPONSE_LIMITS = {
  templatePage: 16 * MIB,
  template: 16 * MIB,
  categoryTree: 16 * MIB,
  projects: 16 * MIB,
  submit: 1 * MIB,
} as const;
