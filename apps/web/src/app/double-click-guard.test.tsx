import { Button } from 'antd';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { installDoubleClickGuard } from './double-click-guard';

afterEach(cleanup);

const click = (el: Element, detail: number) =>
  el.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, detail }));

describe('installDoubleClickGuard', () => {
  it('lets a button act once for a double click, again for a later click, and always for a key', () => {
    const uninstall = installDoubleClickGuard();
    let acted = 0;
    render(<Button onClick={() => (acted += 1)}>导出</Button>);
    const button = screen.getByRole('button');
    // a double click: the first click (detail 1) acts, the second of the same gesture (detail 2) does not
    click(button.querySelector('span')!, 1);
    click(button.querySelector('span')!, 2);
    expect(acted).toBe(1);
    // a later, separate click is a new intent
    click(button, 1);
    expect(acted).toBe(2);
    // Enter or Space on a focused button clicks with detail 0
    click(button, 0);
    expect(acted).toBe(3);
    uninstall();
    click(button, 2);
    expect(acted).toBe(4);
  });

  it("drops a held key's repeats on an action button, not its first press nor another key's", () => {
    const uninstall = installDoubleClickGuard();
    render(
      <>
        <Button>提交</Button>
        <Button data-repeat>放大</Button>
        <input aria-label="分数" />
      </>,
    );
    const key = (el: Element, k: string, repeat: boolean) =>
      !el.dispatchEvent(new KeyboardEvent('keydown', { key: k, repeat, bubbles: true, cancelable: true }));
    const [submit, zoom] = screen.getAllByRole('button');
    expect(key(submit!, 'Enter', false)).toBe(false);
    expect(key(submit!, 'Enter', true)).toBe(true);
    expect(key(submit!, ' ', true)).toBe(true);
    expect(key(submit!, 'ArrowDown', true)).toBe(false);
    // zoom held down zooms on; typing held down in a field types on
    expect(key(zoom!, 'Enter', true)).toBe(false);
    expect(key(screen.getByLabelText('分数'), 'Enter', true)).toBe(false);
    uninstall();
    expect(key(submit!, 'Enter', true)).toBe(false);
  });

  it('lets a button marked data-repeat act on every click (zoom, rotate)', () => {
    const uninstall = installDoubleClickGuard();
    let turns = 0;
    render(
      <Button onClick={() => (turns += 1)} data-repeat>
        旋转 90°
      </Button>,
    );
    const button = screen.getByRole('button');
    for (const detail of [1, 2, 3]) click(button, detail);
    expect(turns).toBe(3);
    uninstall();
  });

  it('leaves elements that are not action buttons alone', () => {
    const uninstall = installDoubleClickGuard();
    let acted = 0;
    render(<span onClick={() => (acted += 1)}>第 2 页</span>);
    click(screen.getByText('第 2 页'), 2);
    expect(acted).toBe(1);
    uninstall();
  });
});
