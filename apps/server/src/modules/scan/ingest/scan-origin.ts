import { fail } from '../../../errors';
import { expandFiles, stem, type InputFile, type PageImage, type PageSplitter } from '../../upload/scan-input';

/** An examinee chosen on the uploadorigin screen. */
export interface OriginExaminee {
  id: number;
  kaohao: string;
  name: string;
  schoolId: number;
  paper: { id: number } | null;
}

/**
 * uploadorigin (spec §5): one file per selected student, named by the student's 考号 (digits only), so
 * each sheet goes to its student without reading the exam number. Returns the examinee of each file, in order.
 */
export function matchOrigin(
  files: InputFile[],
  chosen: OriginExaminee[],
  schoolId: number,
): Array<{ id: number; kaohao: string }> {
  const byKaohao = new Map(chosen.map((x) => [x.kaohao, x]));
  const seen = new Set<string>();
  return files.map((f) => {
    const k = stem(f.name);
    const who = byKaohao.get(k);
    if (!who) throw fail('imageNameNotKaohao', { name: f.name });
    if (seen.has(k)) throw fail('kaohaoHasManyFiles', { kaohao: k });
    seen.add(k);
    if (who.schoolId !== schoolId) throw fail('examineeNotOfSelectedSchool', { name: who.name, kaohao: k });
    if (who.paper) throw fail('examineeAlreadyHasPaper', { name: who.name, kaohao: k });
    return { id: who.id, kaohao: k };
  });
}

/** Each file expanded on its own: it must hold exactly one sheet (the template's page count). */
export async function originPages(
  pool: PageSplitter,
  files: InputFile[],
  perPaper: number,
): Promise<PageImage[]> {
  const pages: PageImage[] = [];
  for (const f of files) {
    const own = await expandFiles(pool, [f]);
    if (own.length !== perPaper)
      throw fail('filePagesMismatch', { name: f.name, pages: own.length, perPaper });
    pages.push(...own);
  }
  return pages;
}
