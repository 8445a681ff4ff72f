import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { SitPhoto, SitView } from '@yj/contracts';
import { Alert, App, Button, Card, Result, Skeleton, Tag } from 'antd';
import { useEffect, useRef } from 'react';
import { Link, useParams } from 'react-router';
import { useOneAtATime } from '../../app/useOneAtATime';
import { failureText } from '../../features/exam-admin/QueryFailed';
import { clock, useCountdown } from '../../features/online/useCountdown';
import { onlineApi } from '../../features/online/online.api';
import { SitPhotos } from '../../features/online/SitPhotos';
import { SitQuestionCard } from '../../features/online/SitQuestionCard';
import { useSitting } from '../../features/online/useSitting';
import { usePortalWho } from '../../features/portal/portal-child';
import { PortalFailed } from '../../features/portal/PortalFailed';

const STATUS_TEXT = {
  saved: { color: 'success', text: '已保存' },
  saving: { color: 'processing', text: '保存中…' },
  offline: { color: 'warning', text: '网络断开，作答已暂存在本机，恢复后自动发送' },
  closed: { color: 'default', text: '考试时间已到' },
} as const;

const when = (iso: string) => new Date(iso).toLocaleString('zh-CN', { hour12: false });

function Receipt({ v }: { v: SitView }) {
  const r = v.receipt!;
  return (
    <Result
      status="success"
      title={r.submitKind === 'timeout' ? '考试时间已到，已自动交卷' : '交卷成功'}
      subTitle={
        <div data-testid="online-receipt">
          <div>
            回执号：<b>{r.receipt}</b>
          </div>
          <div>交卷时间：{when(r.submittedAt)}</div>
          <div>
            已作答 {r.answered} / {r.total} 题
          </div>
          <div style={{ marginTop: 8 }}>成绩发布后可在“我的考试”中查看</div>
        </div>
      }
      extra={
        <Link to="/portal">
          <Button type="primary">返回考试列表</Button>
        </Link>
      }
    />
  );
}

/** /portal/online/:subjectId — 在线考试: start, answer (saved as it changes), 交卷, the receipt (issue 34). */
export function OnlineSitPage() {
  const subjectId = Number(useParams().subjectId);
  const who = usePortalWho();
  const { modal, message } = App.useApp();
  const qc = useQueryClient();
  const key = ['online', 'sit', subjectId];
  const q = useQuery({ queryKey: key, queryFn: () => onlineApi.view(subjectId), staleTime: 0 });
  const v = q.data;
  const userKey = who.me.children[0]?.xuehao ?? who.me.name;
  const { values, change, status, flushNow } = useSitting(v, userKey);
  const left = useCountdown(v?.state === 'inProgress' ? v.deadline : null, v?.now);
  const refresh = (data: SitView) => qc.setQueryData(key, data);
  /** A question's photos as the server answered them, in place of the ones shown. */
  const setPhotos = (no: string, list: SitPhoto[]) =>
    qc.setQueryData<SitView>(key, (old) =>
      old ? { ...old, photos: [...old.photos.filter((x) => x.no !== no), ...list] } : old,
    );
  const start = useOneAtATime({
    mutationFn: () => onlineApi.start(subjectId),
    onSuccess: refresh,
    onError: (e) => void message.error(failureText(e)),
  });
  const submit = useOneAtATime({
    mutationFn: async () => {
      await flushNow();
      return onlineApi.submit(subjectId);
    },
    onSuccess: () => void q.refetch(),
    onError: (e) => void message.error(failureText(e)),
  });
  const inProgress = v?.state === 'inProgress';

  // leaving the page while sitting is counted (a sign for the school, not an accusation)
  useEffect(() => {
    if (!inProgress) return;
    const hidden = () => {
      if (document.visibilityState === 'hidden') void onlineApi.leave(subjectId).catch(() => undefined);
    };
    document.addEventListener('visibilitychange', hidden);
    return () => document.removeEventListener('visibilitychange', hidden);
  }, [inProgress, subjectId]);

  // time out: what was saved is submitted
  const timedOut = useRef(false);
  useEffect(() => {
    if (left === 0 && inProgress && !timedOut.current) {
      timedOut.current = true;
      void submit.mutateAsync().catch(() => undefined);
    }
  }, [left, inProgress, submit]);

  if (q.isPending) return <Skeleton active />;
  if (q.isError)
    return <PortalFailed error={q.error} onRetry={() => void q.refetch()} title="在线考试加载失败" />;
  if (!v) return null;
  if (v.state === 'submitted') return <Receipt v={v} />;

  if (v.state === 'notStarted')
    return (
      <Card title={`${v.examName} · ${v.subjectName}`} data-testid="online-start">
        <p>
          考试时长：{v.durationMin} 分钟（从开始作答起计时，最晚 {when(v.endsAt)} 结束）
        </p>
        <p>共 {v.questions.length} 题。作答会自动保存，刷新页面或换设备登录可继续作答。</p>
        <p style={{ color: '#86909c' }}>作答期间离开本页面会被记录。</p>
        <Button
          type="primary"
          size="large"
          block
          loading={start.isPending}
          onClick={() => void start.mutateAsync()}
        >
          开始作答
        </Button>
      </Card>
    );

  const answered = v.questions.filter(
    (x) => (values[x.no] ?? '') !== '' || v.photos.some((p) => p.no === x.no),
  ).length;
  const st = STATUS_TEXT[status.s];
  const confirmSubmit = () =>
    modal.confirm({
      title: '确认交卷？',
      content:
        answered < v.questions.length
          ? `还有 ${v.questions.length - answered} 题未作答，交卷后不能再修改。`
          : '交卷后不能再修改。',
      okText: '交卷',
      cancelText: '继续作答',
      onOk: () => submit.mutateAsync(),
    });
  return (
    <div style={{ display: 'grid', gap: 10, paddingBottom: 80 }}>
      <Card size="small" style={{ position: 'sticky', top: 56, zIndex: 5 }}>
        <div style={{ display: 'flex', alignItems: 'center', gap: 8, flexWrap: 'wrap' }}>
          <b style={{ flex: 1, minWidth: 120 }}>
            {v.examName} · {v.subjectName}
          </b>
          <span>
            剩余{' '}
            <b
              style={{ color: left !== null && left < 5 * 60_000 ? '#f53f3f' : '#1f6feb' }}
              data-testid="online-countdown"
            >
              {left === null ? '—' : clock(left)}
            </b>
          </span>
          <Tag color={st.color} data-testid="online-save-status">
            {st.text}
          </Tag>
        </div>
      </Card>
      {status.s === 'offline' && (
        <Alert
          type="warning"
          showIcon
          message={`有 ${status.unsent} 题的作答尚未发送到服务器，请勿清除浏览器数据`}
        />
      )}
      {v.questions.map((x) => (
        <SitQuestionCard
          key={x.no}
          subjectId={subjectId}
          q={x}
          value={values[x.no] ?? ''}
          onChange={(val, typed) => change(x.no, val, typed)}
          photos={
            <SitPhotos
              subjectId={subjectId}
              no={x.no}
              label={x.label}
              photos={v.photos.filter((p) => p.no === x.no)}
              onPhotos={(list) => setPhotos(x.no, list)}
            />
          }
        />
      ))}
      <Card size="small">
        <div style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
          <span style={{ flex: 1 }}>
            已作答 {answered} / {v.questions.length} 题
          </span>
          <Button type="primary" loading={submit.isPending} onClick={confirmSubmit}>
            交卷
          </Button>
        </div>
      </Card>
    </div>
  );
}
