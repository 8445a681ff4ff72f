import type { PortalBlock } from '@yj/contracts';
import { Image, Tag } from 'antd';
import { blockImageUrl } from './portal.api';

const SIGN = { tick: '✓', cross: '✗' } as const;

/**
 * A 题块 of the student's paper as the markers saw it: the cut, the annotations they drew (stored as fractions of
 * the cut, so drawn over it at any size) and the final score. Tapping opens it full screen to zoom.
 */
export function MarkedBlock({
  subjectId,
  block,
  studentId,
}: {
  subjectId: number;
  block: PortalBlock;
  studentId?: number;
}) {
  return (
    <div style={{ background: '#fff', borderRadius: 8, padding: 10 }} data-testid="portal-block">
      <div style={{ display: 'flex', alignItems: 'center', gap: 8, marginBottom: 8 }}>
        <span style={{ fontWeight: 600, flex: 1 }}>
          {block.name}（第 {block.nos.join('、')} 题）
        </span>
        <Tag color={block.score === block.fullScore ? 'green' : 'red'} style={{ fontSize: 14 }}>
          {block.score ?? '—'} / {block.fullScore} 分
        </Tag>
      </div>
      <div style={{ position: 'relative', lineHeight: 0 }}>
        <Image
          src={blockImageUrl(subjectId, block.blockId, studentId)}
          alt={`${block.name}答题区域`}
          width="100%"
          fallback="data:image/gif;base64,R0lGODlhAQABAAAAACw="
        />
        {block.marks.map((m, i) => (
          <span
            key={i}
            style={{
              position: 'absolute',
              left: `${m.x * 100}%`,
              top: `${m.y * 100}%`,
              transform: 'translate(-50%, -50%)',
              color: '#f53f3f',
              fontWeight: 700,
              lineHeight: 1,
              pointerEvents: 'none',
              ...(m.kind === 'circle'
                ? {
                    width: `${m.r * 200}%`,
                    aspectRatio: '1',
                    border: '2px solid #f53f3f',
                    borderRadius: '50%',
                  }
                : { fontSize: m.kind === 'text' ? 14 : 28 }),
            }}
          >
            {m.kind === 'text' ? m.text : m.kind === 'circle' ? null : SIGN[m.kind]}
          </span>
        ))}
        <span
          style={{
            position: 'absolute',
            right: 8,
            top: 6,
            color: '#f53f3f',
            fontSize: 24,
            fontWeight: 700,
            lineHeight: 1,
          }}
        >
          {block.score ?? ''}
        </span>
      </div>
    </div>
  );
}
