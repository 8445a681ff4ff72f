import type { TrialBlock, TrialCandidate } from '@yj/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Input, Modal, Table, Typography } from 'antd';
import { serverPages } from '../../components/paging';
import { useState } from 'react';
import { useDialogGuard } from '../../app/useDialogGuard';
import { useOneAtATime } from '../../app/useOneAtATime';
import { trialApi, trialKeys } from './trial.api';

const SIZE = 10;

/** 选择试卷: papers of the subject by exam number or name, paged; the ones ticked replace the block's choice. */
export function TrialPickModal({
  subjectId,
  block,
  onClose,
}: {
  subjectId: number;
  block: TrialBlock;
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [page, setPage] = useState(1);
  const [keyword, setKeyword] = useState('');
  const [picked, setPicked] = useState<Set<number> | null>(null);
  const q = useQuery({
    queryKey: [...trialKeys.all, 'candidates', subjectId, block.blockId, page, keyword],
    queryFn: () =>
      trialApi.candidates(subjectId, block.blockId, { page, size: SIZE, ...(keyword ? { keyword } : {}) }),
  });
  // the papers already chosen start ticked (first page seen); ticks survive paging and search
  const chosen = picked ?? new Set(q.data?.items.filter((c) => c.chosen).map((c) => c.paperId) ?? []);
  const save = useOneAtATime({
    mutationFn: (ids: number[]) => trialApi.choose(subjectId, block.blockId, { mode: 'pick', paperIds: ids }),
    onSuccess: async (r) => {
      message.success(`已选择 ${r.papers} 份试评试卷`);
      await qc.invalidateQueries({ queryKey: trialKeys.all });
      onClose();
    },
  });
  const guard = useDialogGuard({ open: true, dirty: picked !== null, saving: save.isPending, onClose });
  return (
    <Modal
      open
      title={`选择试评试卷 · ${block.name}`}
      okText={`确定（${chosen.size} 份）`}
      cancelText="取消"
      okButtonProps={{ disabled: chosen.size === 0, loading: save.isPending }}
      onOk={() => save.mutate([...chosen])}
      onCancel={guard.close}
      cancelButtonProps={{ disabled: save.isPending }}
      width={640}
    >
      {guard.leaveGuard}
      <Input.Search
        allowClear
        placeholder="按考号或姓名搜索"
        onSearch={(v) => {
          setKeyword(v.trim());
          setPage(1);
        }}
        style={{ marginBottom: 12 }}
      />
      <Table<TrialCandidate>
        size="small"
        rowKey="paperId"
        loading={q.isLoading}
        dataSource={q.data?.items ?? []}
        locale={{ emptyText: q.isError ? '试卷加载失败，请重试' : '没有符合条件的试卷' }}
        rowSelection={{
          selectedRowKeys: [...chosen],
          preserveSelectedRowKeys: true,
          onChange: (keys) => setPicked(new Set(keys.map(Number))),
        }}
        pagination={serverPages(page, SIZE, q.data?.total, setPage)}
        columns={[
          { title: '考号', dataIndex: 'kaohao' },
          { title: '姓名', dataIndex: 'name' },
        ]}
      />
      <Typography.Text type="secondary">
        已选 {chosen.size} 份，确定后替换该题块原来的试评试卷。
      </Typography.Text>
    </Modal>
  );
}
