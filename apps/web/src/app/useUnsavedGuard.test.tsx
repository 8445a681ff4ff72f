import { act, cleanup, render, screen } from '@testing-library/react';
import { App } from 'antd';
import { useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { useUnsavedGuard } from './useUnsavedGuard';

const ASK_LEAVE = '有未保存的修改，确定离开吗？';

/** An editor whose edits are its own; mounted inside a view that has a guard of its own. */
function Editor() {
  const [dirty, setDirty] = useState(false);
  useUnsavedGuard(dirty);
  return <button onClick={() => setDirty(true)}>改题块</button>;
}

/** The view's guard registers after its child's (effects run child first): the router heeds the view's. */
function View() {
  const [dirty, setDirty] = useState(false);
  useUnsavedGuard(dirty);
  return (
    <>
      <Editor />
      <button onClick={() => setDirty(true)}>改设置</button>
    </>
  );
}

function setup() {
  const router = createMemoryRouter([
    { path: '/', element: <View /> },
    { path: '/other', element: <p>别的页面</p> },
  ]);
  render(
    <App>
      <RouterProvider router={router} />
    </App>,
  );
  const asks = () =>
    [...document.querySelectorAll('.ant-modal-confirm-title')].filter((e) => e.textContent === ASK_LEAVE)
      .length;
  const leave = () => act(() => router.navigate('/other'));
  return { router, asks, leave };
}

afterEach(cleanup);

describe('useUnsavedGuard with two guards on a page', () => {
  it('asks for the inner editor’s edits though the outer guard, mounted last, holds none', async () => {
    const t = setup();
    act(() => screen.getByText('改题块').click());
    await t.leave();
    expect(t.router.state.location.pathname).toBe('/');
    expect(t.asks()).toBe(1);
  });

  it('asks for the outer view’s edits; leaves at once when neither holds any', async () => {
    const t = setup();
    act(() => screen.getByText('改设置').click());
    await t.leave();
    expect(t.router.state.location.pathname).toBe('/');
    expect(t.asks()).toBe(1);
    cleanup();
    document.body.innerHTML = '';
    const u = setup();
    await u.leave();
    expect(u.router.state.location.pathname).toBe('/other');
  });
});
