import { describe, expect, it } from 'vitest';
import type { ScanUploadResult } from '@yj/contracts';
import { NETWORK_ERROR_CODE } from '../../api/constants';
import type { ImportAnswer } from '../../api/upload';
import { PHOTO_TRIES, sendPhoto } from './phone-photos';

const stored: ScanUploadResult = { batchId: 7, files: 1, pages: 1, accepted: 1, duplicates: 0, papers: 1 };
const lost: ImportAnswer<ScanUploadResult> = {
  kind: 'failed',
  message: '网络异常',
  raw: { code: NETWORK_ERROR_CODE },
};
const refused: ImportAnswer<ScanUploadResult> = {
  kind: 'failed',
  message: '扫描已完成，不能再上传',
  raw: { code: 1 },
};

function server(answers: ImportAnswer<ScanUploadResult>[]) {
  let calls = 0;
  return {
    send: async () => answers[Math.min(calls++, answers.length - 1)]!,
    calls: () => calls,
  };
}
const noPause = async () => {};

describe('sending a photo from the phone', () => {
  it('sends again after a network failure until the server has stored it', async () => {
    const s = server([lost, lost, { kind: 'ok', data: stored }]);
    expect(await sendPhoto(s.send, noPause)).toEqual({ ok: true, result: stored });
    expect(s.calls()).toBe(3);
  });

  it('gives up after PHOTO_TRIES network failures, and never retries a refusal', async () => {
    const down = server([lost]);
    expect(await sendPhoto(down.send, noPause)).toEqual({ ok: false, message: '网络异常' });
    expect(down.calls()).toBe(PHOTO_TRIES);
    const no = server([refused]);
    expect(await sendPhoto(no.send, noPause)).toEqual({ ok: false, message: '扫描已完成，不能再上传' });
    expect(no.calls()).toBe(1);
  });
});
