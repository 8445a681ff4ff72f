/** The base name of a file without its extension. */
const stem = (name: string): string => name.replace(/^.*[\\/]/, '').replace(/\.[^.]*$/, '');

/**
 * uploadorigin's rules (spec §5, with the server's messages): image names digits only, the file count
 * matching the selected students, and each name one selected student's 考号. Returns the first problem
 * or the examinee of each file.
 */
export function matchOriginFiles(
  files: { name: string }[],
  students: { examineeId: number; kaohao: string }[],
): { problem: string } | { owners: number[] } {
  if (!students.length) return { problem: '请先选择考生' };
  if (!files.length) return { problem: '请选择原卷图片' };
  if (files.some((f) => !/^\d+$/.test(stem(f.name)))) return { problem: '图片名称只能为数字' };
  if (files.length !== students.length)
    return { problem: `文件数量（${files.length}）与所选学生数量（${students.length}）不一致` };
  const byKaohao = new Map(students.map((s) => [s.kaohao, s.examineeId]));
  const seen = new Set<string>();
  const owners: number[] = [];
  for (const f of files) {
    const k = stem(f.name);
    const id = byKaohao.get(k);
    if (id === undefined) return { problem: `图片“${f.name}”的名称与所选考生的考号不对应` };
    if (seen.has(k)) return { problem: `考号 ${k} 有多个文件` };
    seen.add(k);
    owners.push(id);
  }
  return { owners };
}
