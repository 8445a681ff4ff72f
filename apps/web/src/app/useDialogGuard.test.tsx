import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App, Form, Input } from 'antd';
import { useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useFormDialogGuard } from './useDialogGuard';

const ASK_CLOSE = '有未保存的修改，确定关闭吗？';
const ASK_LEAVE = '有未保存的修改，确定离开吗？';

/**
 * Lets the form tell its watchers of a change: it posts that on a MessageChannel, so a message posted after it
 * arrives after it (an order, not a wait).
 */
const watchersTold = () =>
  act(
    () =>
      new Promise<void>((done) => {
        const c = new MessageChannel();
        c.port1.onmessage = () => done();
        c.port2.postMessage(null);
      }),
  );

/** A dialog's body without the antd Modal: a form, its 取消, and the guard between them. */
function Dialog({ onClose, saving = false }: { onClose: () => void; saving?: boolean }) {
  const [form] = Form.useForm<{ name?: string }>();
  const [open, setOpen] = useState(true);
  const guard = useFormDialogGuard(form, {
    open,
    saving,
    onClose: () => {
      setOpen(false);
      onClose();
    },
  });
  if (!open) return <p>已关闭</p>;
  return (
    <>
      <Form form={form} initialValues={{ name: '' }}>
        <Form.Item name="name" noStyle>
          <Input aria-label="姓名" />
        </Form.Item>
      </Form>
      <button onClick={guard.close}>取消</button>
      {guard.leaveGuard}
    </>
  );
}

function setup(props: { saving?: boolean } = {}) {
  const onClose = vi.fn();
  const router = createMemoryRouter([
    { path: '/', element: <Dialog onClose={onClose} {...props} /> },
    { path: '/other', element: <p>别的页面</p> },
  ]);
  render(
    <App>
      <RouterProvider router={router} />
    </App>,
  );
  const type = (v: string) => fireEvent.change(screen.getByLabelText('姓名'), { target: { value: v } });
  const cancel = () => act(() => screen.getByText('取消').click());
  // confirms showing this title (antd also repeats the title in a hidden heading for screen readers)
  const asks = (title: string) =>
    [...document.querySelectorAll('.ant-modal-confirm-title')].filter((e) => e.textContent === title).length;
  return { onClose, router, type, cancel, asks };
}

afterEach(cleanup);

describe('useDialogGuard with an antd form', () => {
  it('closes at once when nothing was typed, or what was typed was deleted again', async () => {
    const t = setup();
    t.type('张三');
    t.type('');
    t.cancel();
    expect(t.onClose).toHaveBeenCalledTimes(1);
    expect(t.asks(ASK_CLOSE)).toBe(0);
  });

  it('asks once per close attempt when something was typed; 继续编辑 keeps it, 关闭 drops it', async () => {
    const t = setup();
    t.type('张三');
    // Esc twice (or Esc and a click on the mask) while the confirm shows: still one confirm
    t.cancel();
    t.cancel();
    await waitFor(() => expect(t.asks(ASK_CLOSE)).toBe(1));
    act(() => screen.getByRole('button', { name: '继续编辑' }).click());
    expect(t.onClose).not.toHaveBeenCalled();
    expect((screen.getByLabelText('姓名') as HTMLInputElement).value).toBe('张三');
    // the next attempt asks again (jsdom runs no leave animation: the answered confirm may stay in the page)
    const answered = t.asks(ASK_CLOSE);
    t.cancel();
    await waitFor(() => expect(t.asks(ASK_CLOSE)).toBe(answered + 1));
    act(() => screen.getAllByRole('button', { name: '关 闭' }).at(-1)!.click());
    expect(t.onClose).toHaveBeenCalledTimes(1);
    await screen.findByText('已关闭');
  });

  it('does nothing while the save is on its way', async () => {
    const t = setup({ saving: true });
    t.type('张三');
    t.cancel();
    expect(t.onClose).not.toHaveBeenCalled();
    expect(t.asks(ASK_CLOSE)).toBe(0);
  });

  it('asks before the page is left while the form holds edits, and not when it holds none', async () => {
    const t = setup();
    t.type('张三');
    await watchersTold();
    await act(() => t.router.navigate('/other'));
    await waitFor(() => expect(t.asks(ASK_LEAVE)).toBe(1));
    expect(t.router.state.location.pathname).toBe('/');
    act(() => screen.getByRole('button', { name: '留在本页' }).click());
    t.type('');
    await watchersTold();
    await act(() => t.router.navigate('/other'));
    await screen.findByText('别的页面');
  });
});
