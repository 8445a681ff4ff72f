import { ONLINE_PHOTO_MAX, type ArrangePhotosRequest, type SitPhoto } from '@yj/contracts';
import { App, Button, Popconfirm, Space } from 'antd';
import { useRef } from 'react';
import { useOneAtATime } from '../../app/useOneAtATime';
import { failureText } from '../exam-admin/QueryFailed';
import { onlineApi } from './online.api';

type Rotation = ArrangePhotosRequest['photos'][number]['rotation'];
/** A quarter turn clockwise (the server keeps only 0, 90, 180 and 270). */
const turn = (r: number) => (r + 90) % 360;

/**
 * Photos of the written answer on paper (issue 34): taken or chosen on the phone, each uploaded and stored as
 * it is picked; moved earlier or later, turned a quarter, removed — every change sent at once, one at a time,
 * the server's list shown after each. The marker sees them, in this order and turned so, on the question's page.
 */
export function SitPhotos({
  subjectId,
  no,
  label,
  photos,
  onPhotos,
}: {
  subjectId: number;
  no: string;
  label: string;
  photos: SitPhoto[];
  onPhotos: (list: SitPhoto[]) => void;
}) {
  const { message } = App.useApp();
  const input = useRef<HTMLInputElement>(null);
  const act = useOneAtATime({
    mutationFn: (run: () => Promise<SitPhoto[]>) => run(),
    onSuccess: onPhotos,
    onError: (e) => void message.error(failureText(e)),
  });
  const arrange = (list: SitPhoto[]) =>
    act.mutate(() =>
      onlineApi.arrangePhotos(subjectId, {
        no,
        photos: list.map((x) => ({ id: x.id, rotation: x.rotation as Rotation })),
      }),
    );
  const move = (i: number, by: number) => {
    const list = [...photos];
    const [x] = list.splice(i, 1);
    list.splice(i + by, 0, x!);
    arrange(list);
  };
  const upload = (files: File[]) =>
    act.mutate(async () => {
      let list = photos;
      try {
        for (const f of files) list = await onlineApi.uploadPhoto(subjectId, no, f);
      } catch (e) {
        // the photos stored before the one refused stay shown
        onPhotos(list);
        throw e;
      }
      return list;
    });
  const full = photos.length >= ONLINE_PHOTO_MAX;
  return (
    <div style={{ marginTop: 10 }} data-testid={`online-photos-${no}`}>
      <input
        ref={input}
        type="file"
        accept="image/jpeg,image/png"
        multiple
        hidden
        aria-label={`第 ${label} 题上传照片`}
        onChange={(e) => {
          const files = [...(e.target.files ?? [])].slice(0, ONLINE_PHOTO_MAX - photos.length);
          e.target.value = '';
          if (files.length) upload(files);
        }}
      />
      <Space wrap>
        <Button loading={act.isPending} disabled={full} onClick={() => input.current?.click()}>
          拍照 / 上传照片
        </Button>
        <span style={{ color: '#86909c', fontSize: 12 }}>
          {full
            ? `已达 ${ONLINE_PHOTO_MAX} 张上限`
            : `JPG 或 PNG，每张不超过 10 MB，最多 ${ONLINE_PHOTO_MAX} 张`}
        </span>
      </Space>
      {photos.length > 0 && (
        <div
          style={{
            display: 'grid',
            gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))',
            gap: 8,
            marginTop: 8,
          }}
        >
          {photos.map((x, i) => (
            <div
              key={x.id}
              style={{ border: '1px solid #e5e6eb', borderRadius: 6, padding: 6 }}
              data-testid="online-photo"
            >
              <div
                style={{
                  height: 120,
                  display: 'grid',
                  placeItems: 'center',
                  overflow: 'hidden',
                  background: '#f7f8fa',
                }}
              >
                <img
                  src={onlineApi.photoUrl(subjectId, x.id)}
                  alt={`第 ${label} 题照片 ${i + 1}`}
                  style={{ maxWidth: 110, maxHeight: 110, transform: `rotate(${x.rotation}deg)` }}
                />
              </div>
              <div style={{ display: 'flex', justifyContent: 'space-between', marginTop: 4 }}>
                <Button
                  size="small"
                  type="text"
                  disabled={i === 0 || act.isPending}
                  onClick={() => move(i, -1)}
                  aria-label="前移"
                >
                  ←
                </Button>
                <Button
                  size="small"
                  type="text"
                  disabled={act.isPending}
                  onClick={() =>
                    arrange(photos.map((y) => (y.id === x.id ? { ...y, rotation: turn(y.rotation) } : y)))
                  }
                >
                  旋转
                </Button>
                <Popconfirm
                  title="删除这张照片？"
                  okText="删除"
                  cancelText="取消"
                  onConfirm={() => act.mutate(() => onlineApi.removePhoto(subjectId, x.id))}
                >
                  <Button size="small" type="text" danger disabled={act.isPending}>
                    删除
                  </Button>
                </Popconfirm>
                <Button
                  size="small"
                  type="text"
                  disabled={i === photos.length - 1 || act.isPending}
                  onClick={() => move(i, 1)}
                  aria-label="后移"
                >
                  →
                </Button>
              </div>
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
