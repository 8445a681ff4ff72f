import type { ClassItem } from '@yj/contracts';

export interface ClassGroup {
  label: string;
  title: string;
  options: Array<{ label: string; value: number }>;
}

/** Classes grouped by grade for a Select, grades in the order the server lists the classes. */
export function classOptions(classes: ClassItem[], gradeId?: number): ClassGroup[] {
  const groups = new Map<string, ClassGroup>();
  for (const c of classes) {
    if (gradeId !== undefined && c.gradeId !== gradeId) continue;
    const g = groups.get(c.gradeName) ?? { label: c.gradeName, title: c.gradeName, options: [] };
    g.options.push({ label: c.name, value: c.id });
    groups.set(c.gradeName, g);
  }
  return [...groups.values()];
}
