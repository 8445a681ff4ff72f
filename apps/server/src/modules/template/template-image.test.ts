import { beforeAll, describe, expect, it } from 'vitest';
import type { Patch } from '@yj/contracts';
import { createRng, randomAnswers, simulateSheet, typicalCard } from '@yj/scan-sim';
import type { Client } from '../../../test/app';
import { body, XHR } from '../../../test/app';
import { multipartFile } from '../../../test/excel';
import { buildSubjectScene } from '../../../test/factories';
import type { TemplateImage } from './template-image.service';
import { appFixture } from '../../../test/app-fixture';

// The template builder's pictures: a scanned blank card goes in, the stored greyscale page and the
// auto-recognised regions come out; location-area patches are cut from it.

const t = appFixture();
let admin: Client;
let teacher: Client;
let subjectId: number;
let blank: Buffer;

beforeAll(async () => {
  const scene = await buildSubjectScene(t.app, t.database.db, {
    name: '期中考试',
    course: '数学',
    fullScore: 150,
  });
  ({ admin, teacher, subjectId } = scene);
  const card = typicalCard();
  const answers = randomAnswers(card.pages[0]!, createRng(1), 'clean', '00000000');
  blank = (await simulateSheet(card, 0, answers, { seed: 3, difficulty: 'clean', feed: 0 })).jpeg;
});

const upload = (client: Client, file: Buffer, name = 'card.jpg', query = '') => {
  const m = multipartFile(name, file, 'image/jpeg');
  return t.app.inject({
    method: 'POST',
    url: `/filter/api/subject/${subjectId}/template/image${query}`,
    headers: { ...XHR, cookie: client.cookie, ...m.headers },
    payload: m.payload,
  });
};

describe('template builder pictures', () => {
  let image: TemplateImage;

  it('stores an uploaded card page and proposes its anchors and bubble lattices', async () => {
    const res = body<TemplateImage>(await upload(admin, blank, 'card.jpg', '?dpi=200'));
    expect(res.code).toBe(0);
    image = res.data;
    expect(image.key).toMatch(/^[0-9a-f]{64}$/);
    expect([image.width, image.height, image.dpi]).toEqual([3308, 2339, 200]);
    expect(image.detected.anchors).toHaveLength(4);
    expect(image.detected.grids.some((g) => g.rows === 10 && g.cols === 8)).toBe(true);
    const again = body<TemplateImage>(await upload(admin, blank)).data;
    expect(again.key).toBe(image.key);
  });

  it('serves the stored picture to people who may read the subject', async () => {
    const res = await admin.get(`/filter/api/subject/${subjectId}/template/image/${image.key}`);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    expect(
      body(await admin.get(`/filter/api/subject/${subjectId}/template/image/${'0'.repeat(64)}`)).message,
    ).toBe('模板图片不存在，请重新上传');
  });

  it('cuts a location-area patch at half resolution and refuses one off the page', async () => {
    const url = `/filter/api/subject/${subjectId}/template/patch`;
    const patch = body<Patch>(
      await admin.post(url, { key: image.key, rect: { x: 100, y: 100, w: 200, h: 80 } }),
    ).data;
    expect(patch).toMatchObject({ width: 100, height: 40, scale: 0.5 });
    expect(Buffer.from(patch.data, 'base64')).toHaveLength(4000);
    expect(
      body(await admin.post(url, { key: image.key, rect: { x: 3200, y: 100, w: 200, h: 80 } })).message,
    ).toBe('定位区超出图片范围或太小（至少 20×20 像素）');
  });

  it('refuses what is not a card picture, and people without the setting right', async () => {
    expect(body(await upload(admin, Buffer.from('hello'), 'card.txt')).message).toBe(
      '文件“答题卡图片”不是支持的格式，请上传 jpg、png、tif、pdf 图片或 zip 压缩包',
    );
    expect(body(await upload(teacher, blank)).message).toBe('无权限');
  });
});
