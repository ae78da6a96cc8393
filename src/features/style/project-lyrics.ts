import type { AlignmentItem, Project } from '../../contract';

/** The alignment the video is made from: the selected one, else the first. */
export function videoAlignment(project: Project) {
  return project.alignments.find((a) => a.selected) ?? project.alignments[0] ?? null;
}

/** Singer numbers used by the items, ascending. */
export function singersIn(items: readonly Pick<AlignmentItem, 'singer'>[]): number[] {
  const set = new Set<number>();
  for (const item of items) if (item.singer !== undefined) set.add(item.singer);
  return [...set].sort((a, b) => a - b);
}
