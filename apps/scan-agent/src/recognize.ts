import type { CardTemplate } from '@yj/contracts';
import { recognizePage, type BarcodeReader, type GreyImage } from '@yj/omr';
import { decodeGrey, readAgainIfRaised } from '@yj/omr/node';

/** What the local check found on one page: enough to list anchor and exam-number problems at the scanner. */
export interface LocalCheck {
  status: 'ok' | 'blank' | 'exception';
  pageIndex: number | null;
  examNumber: string | null;
  /** why the page could not be placed on the template (anchors covered, torn corner, other card, bad image) */
  anchor: string | null;
  /** why the exam number could not be read on a page that carries one */
  kaohao: string | null;
  exceptions: { type: string; region: string; reason: string }[];
}

const PLACEMENT = new Set(['location', 'imageProblem', 'wrongPage']);

/** Recognises one scanned image against the subject's card with packages/omr and keeps what the scanner needs. */
export async function checkPage(
  bytes: Buffer,
  card: CardTemplate,
  reader?: BarcodeReader,
  /** the printed blank of each template page (its picture), by page index: as the server recognises */
  blanks: Record<number, GreyImage> = {},
): Promise<LocalCheck> {
  let img: GreyImage;
  try {
    img = await decodeGrey(bytes);
  } catch {
    const reason = '图像无法解码（文件损坏或格式不支持）';
    return {
      status: 'exception',
      pageIndex: null,
      examNumber: null,
      anchor: reason,
      kaohao: null,
      exceptions: [{ type: 'imageProblem', region: 'page', reason }],
    };
  }
  const read = (page: GreyImage) => recognizePage(page, card, { blanks, ...(reader ? { reader } : {}) });
  // a page raised from the fast decode is decoded again accurately and read again, as the server does
  const r = await readAgainIfRaised(bytes, await read(img), read);
  const exceptions = r.exceptions.map((e) => ({ type: e.type, region: e.region, reason: e.reason }));
  const placement = exceptions.find((e) => PLACEMENT.has(e.type));
  const page = card.pages.find((p) => p.index === r.pageIndex);
  let kaohao = exceptions.find((e) => e.type === 'examNumber')?.reason ?? null;
  if (!kaohao && !placement && page?.examNumber && !r.examNumber.value) kaohao = '考号无法识别';
  return {
    status: r.status,
    pageIndex: r.pageIndex,
    examNumber: r.examNumber.value,
    anchor: placement ? placement.reason : null,
    kaohao,
    exceptions,
  };
}
