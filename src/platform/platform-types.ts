/** Typed values of the read-side endpoints (docs/platform.md#the-category-tree, docs/platform.md#projects-and-topics). */

/** A node of the material category tree: `{id, name, children}`. */
export interface CategoryNode {
  readonly id: number;
  readonly name: string;
  readonly children: readonly CategoryNode[];
}

/** A topic (课题, "subject") of a project. */
export interface Topic {
  readonly id: string;
  readonly projectId: string;
  readonly name: string;
  readonly leader: string;
  readonly institution: string;
}

/** A project; v3 servers list no topics here (`topics` is then empty). */
export interface Project {
  readonly id: string;
  readonly name: string;
  readonly leader: string;
  readonly institution: string;
  readonly createdTime: string;
  readonly topics: readonly Topic[];
}
