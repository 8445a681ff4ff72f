import { PaperStatus, scanContract, type QuizDetail, type ScanPaperItem } from '@yj/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Progress, Result, Space, Spin, Tag, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { callRoute } from '../../api/contract';
import { QueryFailed } from '../exam-admin/QueryFailed';
import { uploadScans } from '../scan/upload';
import { quizDetailQuery } from './quiz.api';
import { photoName, sendPhoto, type PhonePhoto } from './phone-photos';

// /phone/quiz/:examId (issue 33): the teacher's phone photographs the quiz sheets one after another; each
// photo is sent into one scan batch (photo=1: straightened on the server, then the same recognition as a
// scanned page), and the batch's papers show as they are recognised.

/** Long side a photo is sent at: enough for the card's 200 dpi, a fraction of a 12-megapixel photo's bytes. */
const SEND_LONG_SIDE = 2400;

/** The photo scaled down (never up) to SEND_LONG_SIDE as JPEG, turned upright by its EXIF tag. */
async function photoFile(file: File, id: string): Promise<File> {
  try {
    const bmp = await createImageBitmap(file, { imageOrientation: 'from-image' });
    const k = Math.min(1, SEND_LONG_SIDE / Math.max(bmp.width, bmp.height));
    if (k === 1 && file.type === 'image/jpeg') return new File([file], photoName(id), { type: 'image/jpeg' });
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(bmp.width * k);
    canvas.height = Math.round(bmp.height * k);
    canvas.getContext('2d')!.drawImage(bmp, 0, 0, canvas.width, canvas.height);
    const blob = await new Promise<Blob | null>((done) => canvas.toBlob(done, 'image/jpeg', 0.9));
    return new File([blob ?? file], photoName(id), { type: 'image/jpeg' });
  } catch {
    // a format the browser cannot draw: sent as taken, the server reads it
    return new File([file], photoName(id), { type: file.type });
  }
}

const STATE_TAG: Record<PhonePhoto['state'], { color: string; text: string }> = {
  waiting: { color: 'default', text: '等待上传' },
  sending: { color: 'processing', text: '上传中' },
  stored: { color: 'success', text: '已上传' },
  failed: { color: 'error', text: '上传失败' },
};

function Thumb({ photo, onRetry }: { photo: PhonePhoto & { thumb: string }; onRetry: () => void }) {
  const url = photo.thumb;
  const tag = STATE_TAG[photo.state];
  return (
    <div style={{ width: 'calc(33% - 6px)', textAlign: 'center' }} data-testid="phone-photo">
      <img src={url} alt="答题卡照片" style={{ width: '100%', aspectRatio: '3 / 4', objectFit: 'cover' }} />
      <Tag color={tag.color} style={{ marginInlineEnd: 0 }} data-state={photo.state}>
        {tag.text}
      </Tag>
      {photo.state === 'failed' && (
        <Button size="small" type="link" onClick={onRetry}>
          重试
        </Button>
      )}
    </div>
  );
}

function Results({ subjectId, batchId, sent }: { subjectId: number; batchId: number; sent: number }) {
  const papers = useQuery({
    queryKey: ['quiz', 'phone', subjectId, batchId],
    queryFn: () => callRoute(scanContract.papers, { params: { subjectId }, query: { page: 1, size: 200 } }),
    // read again while a photo of this batch waits for recognition
    refetchInterval: (q) => {
      const mine = (q.state.data?.items ?? []).filter((p) => p.batchId === batchId);
      return mine.length < sent || mine.some((p) => p.status === PaperStatus.pending) ? 2000 : false;
    },
  });
  const mine: ScanPaperItem[] = (papers.data?.items ?? []).filter((p) => p.batchId === batchId);
  const ok = mine.filter((p) => p.status === PaperStatus.ok);
  const wrong = mine.filter((p) => p.status !== PaperStatus.ok && p.status !== PaperStatus.pending);
  const pending = Math.max(0, sent - ok.length - wrong.length);
  return (
    <Card size="small" title="识别结果" data-testid="phone-results">
      <Space size="large">
        <span data-testid="phone-recognised">已识别 {ok.length} 份</span>
        <span data-testid="phone-exceptions" style={{ color: wrong.length ? '#cf1322' : undefined }}>
          异常 {wrong.length} 份
        </span>
        {pending > 0 && <span>识别中 {pending} 份</span>}
      </Space>
      {ok.length > 0 && (
        <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
          {ok.map((p) => p.name ?? p.kaohao).join('、')}
        </Typography.Paragraph>
      )}
      {wrong.length > 0 && (
        <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
          异常的照片请在电脑上的扫描异常处理中查看，或重新拍摄。
        </Typography.Paragraph>
      )}
    </Card>
  );
}

function Capture({ q }: { q: QuizDetail }) {
  // each photo's thumbnail address is made once, with the photo (kept for the page's life: a lesson's sheets)
  const [photos, setPhotos] = useState<Array<PhonePhoto & { thumb: string }>>([]);
  const [batchId, setBatchId] = useState<number>();
  const [sentCount, setSentCount] = useState(0);
  const input = useRef<HTMLInputElement>(null);
  const batch = useRef<number | undefined>(undefined);
  const sending = useRef(false);

  const patch = (id: string, p: Partial<PhonePhoto>) =>
    setPhotos((list) => list.map((x) => (x.id === id ? { ...x, ...p } : x)));

  // one photo at a time, in the order taken: each continues the batch the first one opened
  useEffect(() => {
    const next = photos.find((p) => p.state === 'waiting');
    if (!next || sending.current) return;
    sending.current = true;
    patch(next.id, { state: 'sending' });
    void (async () => {
      const out = await sendPhoto(
        () =>
          uploadScans(q.subjectId, [next.file], () => {}, {
            fields: { photo: '1', ...(batch.current ? { batchId: String(batch.current) } : {}) },
          }),
        (attempt) => new Promise((done) => setTimeout(done, 1000 * attempt)),
      );
      if (out.ok) {
        batch.current = out.result.batchId;
        setBatchId(out.result.batchId);
        // a duplicate is a photo the server already had: counted once
        setSentCount((n) => n + out.result.accepted);
        patch(next.id, { state: 'stored' });
      } else patch(next.id, { state: 'failed', error: out.message });
      sending.current = false;
    })();
  }, [photos, q.subjectId]);

  const take = async (files: FileList | null) => {
    if (!files?.length) return;
    const made = await Promise.all(
      [...files].map(async (f) => {
        const id = crypto.randomUUID();
        const file = await photoFile(f, id);
        return { id, file, thumb: URL.createObjectURL(file), state: 'waiting' as const };
      }),
    );
    setPhotos((list) => [...list, ...made]);
    if (input.current) input.current.value = '';
  };

  const stored = photos.filter((p) => p.state === 'stored').length;
  const failed = photos.filter((p) => p.state === 'failed');
  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle">
      <Typography.Text type="secondary">
        将答题卡平放在深色桌面上，拍下整张纸，四个角的黑色定位点都要在照片里。可以一张接一张连续拍。
      </Typography.Text>
      <input
        ref={input}
        type="file"
        accept="image/*"
        capture="environment"
        multiple
        hidden
        data-testid="phone-input"
        onChange={(e) => void take(e.target.files)}
      />
      <Button
        type="primary"
        size="large"
        block
        onClick={() => input.current?.click()}
        data-testid="phone-take"
      >
        拍照
      </Button>
      <div data-testid="phone-count">
        已拍 {photos.length} 张，已上传 {stored} 张{failed.length > 0 && `，${failed.length} 张上传失败`}
      </div>
      {photos.length > 0 && <Progress percent={Math.round((100 * stored) / photos.length)} size="small" />}
      {failed[0]?.error && <Alert type="error" showIcon message={failed[0].error} />}
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}>
        {photos.map((p) => (
          <Thumb key={p.id} photo={p} onRetry={() => patch(p.id, { state: 'waiting', error: undefined })} />
        ))}
      </div>
      {batchId !== undefined && <Results subjectId={q.subjectId} batchId={batchId} sent={sentCount} />}
    </Space>
  );
}

/** The capture page of one quiz, laid out for a phone (375 px and up). */
export function PhoneCaptureView({ examId }: { examId: number }) {
  const quiz = useQuery(quizDetailQuery(examId));
  if (quiz.isError)
    return <QueryFailed title="小测加载失败" error={quiz.error} onRetry={() => void quiz.refetch()} />;
  if (!quiz.data) return <Spin />;
  const q = quiz.data;
  return (
    <div style={{ maxWidth: 520, margin: '0 auto', padding: 12 }} data-testid="phone-capture">
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        手机扫描 · {q.name}
      </Typography.Title>
      {!q.card ? (
        <Result status="info" title="这个小测还没有答题卡" subTitle="请先在电脑上生成答题卡并打印。" />
      ) : !q.can.manage ? (
        <Result status="403" title="没有扫描这个小测的权限" />
      ) : (
        <Capture q={q} />
      )}
    </div>
  );
}
