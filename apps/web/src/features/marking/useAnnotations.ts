import type { MarkAnnotation } from '@yj/contracts';
import { useState } from 'react';
import type { AnnotTool } from './annotations';

/** Annotations per paper on screen, the chosen tool, and a 文字 annotation waiting for its words. */
export function useAnnotations() {
  const [byTask, setByTask] = useState<Record<number, MarkAnnotation[]>>({});
  const [tool, setTool] = useState<AnnotTool | null>(null);
  const [pending, setPending] = useState<{ taskId: number; a: MarkAnnotation } | null>(null);
  const push = (taskId: number, a: MarkAnnotation) =>
    setByTask((m) => ({ ...m, [taskId]: [...(m[taskId] ?? []), a] }));
  return {
    tool,
    setTool,
    of: (taskId: number) => byTask[taskId] ?? [],
    add: (taskId: number, a: MarkAnnotation, askText: boolean) =>
      askText ? setPending({ taskId, a }) : push(taskId, a),
    remove: (taskId: number, index: number) =>
      setByTask((m) => ({ ...m, [taskId]: (m[taskId] ?? []).filter((_, i) => i !== index) })),
    undo: (taskId: number) => setByTask((m) => ({ ...m, [taskId]: (m[taskId] ?? []).slice(0, -1) })),
    pending,
    finishText: (text: string | null) => {
      if (pending && text && pending.a.kind === 'text') push(pending.taskId, { ...pending.a, text });
      setPending(null);
    },
    /** forget the papers that left the screen */
    keep: (ids: readonly number[]) =>
      setByTask((m) => Object.fromEntries(Object.entries(m).filter(([id]) => ids.includes(Number(id))))),
  };
}
