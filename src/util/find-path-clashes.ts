import type { PathIdentity } from './identify-path.js';

/** A file a command reads or writes, with the option that named it. */
export interface NamedPath {
  readonly role: 'input' | 'output';
  /** Where the name came from: `--errors`, `<inputs>`, `MGE_LOG_FILE (environment)`, … */
  readonly option: string;
  /** The path as it was given. */
  readonly name: string;
  readonly identity: PathIdentity;
}

/** An output that would write over another named file. */
export interface PathClash {
  readonly output: NamedPath;
  /** An input (it would be destroyed) or another output (the two would corrupt each other). */
  readonly other: NamedPath;
}

/**
 * True when two identities are one file: the same device and inode, else the same real path.
 * Directories, devices, FIFOs and sockets never are: a write cannot destroy data there.
 */
export function samePath(a: PathIdentity, b: PathIdentity): boolean {
  const holdsData = (i: PathIdentity): boolean => i.kind === 'file' || i.kind === 'missing';
  if (!holdsData(a) || !holdsData(b)) return false;
  if (a.kind === 'file' && b.kind === 'file') return a.dev === b.dev && a.ino === b.ino;
  return a.real === b.real;
}

/**
 * Every output that resolves to an input or to another output, each pair once (outputs in the order
 * given; an output against the inputs first). Inputs named twice are no clash: reading twice destroys
 * nothing.
 */
export function findPathClashes(paths: readonly NamedPath[]): PathClash[] {
  const clashes: PathClash[] = [];
  const outputs = paths.filter((p) => p.role === 'output');
  const inputs = paths.filter((p) => p.role === 'input');
  outputs.forEach((output, index) => {
    for (const input of inputs) if (samePath(output.identity, input.identity)) clashes.push({ output, other: input });
    for (const later of outputs.slice(index + 1)) if (samePath(output.identity, later.identity)) clashes.push({ output, other: later });
  });
  return clashes;
}
