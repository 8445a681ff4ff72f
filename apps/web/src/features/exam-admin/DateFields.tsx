import { DatePicker, Form, Space } from 'antd';
import type { Dayjs } from 'dayjs';

/** 开考日期 (required) and 结束日期 (optional, not before the start), as `startDate` / `endDate`. */
export function DateFields() {
  return (
    <Form.Item label="考试日期" required style={{ marginBottom: 0 }}>
      <Space align="start" wrap>
        <Form.Item name="startDate" rules={[{ required: true, message: '请选择开考日期' }]}>
          <DatePicker placeholder="开考日期" aria-label="开考日期" style={{ width: 180 }} />
        </Form.Item>
        <Form.Item
          name="endDate"
          dependencies={['startDate']}
          rules={[
            ({ getFieldValue }) => ({
              validator: async (_, end: Dayjs | null | undefined) => {
                const start = getFieldValue('startDate') as Dayjs | undefined;
                if (end && start && end.isBefore(start, 'day')) throw new Error('结束日期不能早于开考日期');
              },
            }),
          ]}
        >
          <DatePicker placeholder="结束日期（可不填）" aria-label="结束日期" style={{ width: 180 }} />
        </Form.Item>
      </Space>
    </Form.Item>
  );
}

export const fmt = (d: Dayjs | null | undefined): string | undefined => d?.format('YYYY-MM-DD');
