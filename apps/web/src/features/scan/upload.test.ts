import type { ScanUploadResult } from '@yj/contracts';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ImportAnswer } from '../../api/upload';

// The request itself is replaced: what is checked is which chunks go, with which batch, and when.
const sent: Array<{ path: string; names: string[]; fields: Record<string, string> }> = [];
let answers: Array<ImportAnswer<ScanUploadResult>> = [];
vi.mock('../../api/upload', () => ({
  uploadForm: (path: string, form: FormData) => {
    const names: string[] = [];
    const fields: Record<string, string> = {};
    for (const [k, v] of form.entries()) {
      if (typeof v === 'string') fields[k] = v;
      else names.push(v.name);
    }
    sent.push({ path, names, fields });
    return Promise.resolve(answers.shift()!);
  },
}));
const { uploadChunked } = await import('./upload');

const file = (name: string) => new File(['x'], name);
const ok = (batchId: number, accepted: number): ImportAnswer<ScanUploadResult> => ({
  kind: 'ok',
  data: { batchId, files: 2, pages: 2, accepted, duplicates: 2 - accepted, papers: accepted / 2 },
});
const network: ImportAnswer<ScanUploadResult> = {
  kind: 'failed',
  message: '网络连接异常，请检查网络后重试',
  raw: { code: 1024 },
};
const chunks = [
  [file('1.jpg'), file('2.jpg')],
  [file('3.jpg'), file('4.jpg')],
  [file('5.jpg'), file('6.jpg')],
];
const fields = () => ({ schoolId: '9' });

beforeEach(() => {
  sent.length = 0;
});

describe('chunked upload', () => {
  it('sends every chunk into the batch the first one opened, retrying a chunk lost on the network once', async () => {
    answers = [ok(7, 2), network, ok(7, 2), ok(7, 2)];
    const r = await uploadChunked(1, chunks, () => {}, { fields });
    expect(r).toEqual({
      kind: 'ok',
      result: { batchId: 7, files: 6, pages: 6, accepted: 6, duplicates: 0, papers: 3 },
    });
    expect(sent.map((x) => [x.names.join(','), x.fields.batchId ?? '-', x.fields.schoolId])).toEqual([
      ['1.jpg,2.jpg', '-', '9'],
      ['3.jpg,4.jpg', '7', '9'],
      ['3.jpg,4.jpg', '7', '9'],
      ['5.jpg,6.jpg', '7', '9'],
    ]);
    expect(sent[0]!.path).toBe('/api/subject/1/answerCard');
  });

  it('stops at a refused chunk and continues from it into the same batch', async () => {
    answers = [ok(7, 2), { kind: 'failed', message: '第1批次的页数（3）不是模板页数（2）的整数倍', raw: {} }];
    const r = await uploadChunked(1, chunks, () => {}, { fields });
    expect(r.kind).toBe('failed');
    if (r.kind !== 'failed') return;
    expect(r.state).toMatchObject({ batchId: 7, next: 1 });
    expect(sent).toHaveLength(2);

    sent.length = 0;
    // the chunk had been stored before the answer was lost: its pages come back as duplicates
    answers = [ok(7, 0), ok(7, 2)];
    const again = await uploadChunked(1, chunks, () => {}, { fields, from: r.state });
    expect(sent.map((x) => [x.names[0], x.fields.batchId])).toEqual([
      ['3.jpg', '7'],
      ['5.jpg', '7'],
    ]);
    expect(again).toMatchObject({ kind: 'ok', result: { files: 6, accepted: 4, duplicates: 2 } });
  });
});
