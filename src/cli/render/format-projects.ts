import type { Project } from '../../platform/platform-types.js';

function who(leader: string, institution: string): string {
  const parts = [leader, institution].filter((p) => p !== '');
  return parts.length ? `  (${parts.join(', ')})` : '';
}

/** Projects with their topics (课题) indented below, ids first: those are what `meta.other_info` takes. */
export function formatProjects(projects: readonly Project[]): string {
  if (projects.length === 0) return 'No projects.\n';
  const lines = projects.flatMap((project) => [
    `${project.id}  ${project.name}${who(project.leader, project.institution)}`,
    ...project.topics.map(
      (topic, i) => `${i === project.topics.length - 1 ? '└─' : '├─'} ${topic.id}  ${topic.name}${who(topic.leader, topic.institution)}`,
    ),
  ]);
  return lines.join('\n') + '\n';
}
