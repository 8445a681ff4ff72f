import type { MarkBlockInfo } from '@yj/contracts';
import { Button, Result } from 'antd';
import { Link } from 'react-router';

/** Nothing to claim: the quota is reached, or the pool has no paper for this marker now. */
export function MarkEmpty({
  info,
  done,
  trial = false,
  onRetry,
}: {
  info: MarkBlockInfo;
  done: number;
  /** 试评: every trial paper of the block is marked */
  trial?: boolean;
  onRetry: () => void;
}) {
  if (trial)
    return (
      <Result
        status="success"
        title="本题块的试评试卷已全部阅完"
        subTitle="题组长会对照参考分查看试评结果；正式阅卷开始后请从阅卷任务进入。"
        extra={
          <Link to="/book/review/task">
            <Button type="primary">返回阅卷任务</Button>
          </Link>
        }
      />
    );
  const quotaDone = info.mine.quota !== null && done >= info.mine.quota;
  return (
    <Result
      status={quotaDone ? 'success' : 'info'}
      title={quotaDone ? '已完成任务量' : '本题块暂无可阅试卷'}
      subTitle={
        quotaDone
          ? `您已阅 ${done} 份，达到本题块的任务量 ${info.mine.quota ?? ''} 份。`
          : '其他老师正在阅的试卷或新扫描的试卷稍后可能回到任务池，可稍后再试。'
      }
      extra={[
        <Button key="retry" onClick={onRetry}>
          再试一次
        </Button>,
        <Link key="back" to="/book/review/task">
          <Button type="primary">返回阅卷任务</Button>
        </Link>,
      ]}
    />
  );
}
