import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FormModal } from './FormModal';

interface Values {
  name?: string;
}

/** 新增 / 编辑 over one form instance, as the roster panels hold it. */
function Panel() {
  const [form] = Form.useForm<Values>();
  const [editing, setEditing] = useState<Values | null | undefined>(undefined);
  return (
    <>
      <Button onClick={() => setEditing(null)}>新增</Button>
      <Button onClick={() => setEditing({ name: '何嘉怡' })}>编辑</Button>
      <FormModal<Values>
        open={editing !== undefined}
        title={editing ? '编辑学生' : '新增学生'}
        okText="保存"
        pending={false}
        form={form}
        onFinish={() => setEditing(undefined)}
        onCancel={() => setEditing(undefined)}
        initialValues={editing ?? {}}
      >
        <Form.Item name="name" label="姓名">
          <Input />
        </Form.Item>
      </FormModal>
    </>
  );
}

const ASK_CLOSE = '有未保存的修改，确定关闭吗？';
const name = () => screen.getByLabelText('姓名') as HTMLInputElement;
// antd spaces out a two-character button label (取 消)
const press = (text: string) =>
  act(() =>
    screen
      .getAllByRole('button', { name: new RegExp(`^${[...text].join('\\s?')}$`) })
      .at(-1)!
      .click(),
  );
const asks = () =>
  [...document.querySelectorAll('.ant-modal-confirm-title')].filter((e) => e.textContent === ASK_CLOSE)
    .length;

beforeEach(() => {
  // antd's grid asks the screen size; jsdom has no matchMedia
  vi.stubGlobal(
    'matchMedia',
    vi.fn(() => ({ matches: false, addEventListener() {}, removeEventListener() {} })),
  );
  render(
    <App>
      <RouterProvider router={createMemoryRouter([{ path: '/', element: <Panel /> }])} />
    </App>,
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('FormModal', { timeout: 30_000 }, () => {
  it('opens 新增 empty right after 编辑 was closed, and 编辑 with its row after 新增 was typed in', async () => {
    press('编辑');
    expect(name().value).toBe('何嘉怡');
    press('取消');
    press('新增');
    await waitFor(() => expect(name().value).toBe(''));
    fireEvent.change(name(), { target: { value: '林小满' } });
    press('取消');
    press('关闭');
    press('编辑');
    await waitFor(() => expect(name().value).toBe('何嘉怡'));
  });

  it('asks before dropping what was typed, and 关闭 leaves nothing for the next opening', async () => {
    press('新增');
    fireEvent.change(name(), { target: { value: '林小满' } });
    press('取消');
    await waitFor(() => expect(asks()).toBe(1));
    press('关闭');
    press('新增');
    await waitFor(() => expect(name().value).toBe(''));
    // untouched: closes without asking
    press('取消');
    expect(asks()).toBe(1);
  });
});
