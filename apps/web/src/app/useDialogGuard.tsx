import { App, Form, type FormInstance } from 'antd';
import { useCallback, useRef, useState, type ReactNode } from 'react';
import { useUnsavedGuard } from './useUnsavedGuard';

/** Guards page changes while it is mounted: a router heeds one blocker, the last mounted, so it mounts only while needed. */
function LeaveGuard() {
  useUnsavedGuard(true);
  return null;
}

interface Guarded {
  /** the dialog is showing */
  open: boolean;
  /** the dialog holds what the user typed or chose and has not saved */
  dirty: boolean;
  /** `dirty` at the moment of the close, where the render lags the input (an antd form tells its watchers a moment later) */
  dirtyNow?: () => boolean;
  /** a save is on its way: the dialog stays until it answers */
  saving?: boolean;
  /** closes the dialog (dropping its edits) */
  onClose: () => void;
}

/**
 * A form dialog's 取消 / × / Esc / mask click: closes at once when nothing was changed, asks 「有未保存的修改，确定关闭吗？」
 * when something was, and does nothing while a save is running. One confirm per close attempt, however often
 * the user presses Esc. `leaveGuard` (rendered inside the dialog) also asks before the page is left while the
 * dialog holds edits. A successful save closes through `onClose` directly, so it never asks.
 */
export function useDialogGuard({ open, dirty, dirtyNow, saving = false, onClose }: Guarded): {
  close: () => void;
  leaveGuard: ReactNode;
} {
  const { modal } = App.useApp();
  const asking = useRef(false);
  const close = useCallback(() => {
    if (saving || asking.current) return;
    if (!(dirtyNow ? dirtyNow() : dirty)) return onClose();
    asking.current = true;
    modal.confirm({
      title: '有未保存的修改，确定关闭吗？',
      content: '关闭后，本次填写的内容会丢失。',
      okText: '关闭',
      cancelText: '继续编辑',
      onOk: () => {
        asking.current = false;
        onClose();
      },
      onCancel: () => {
        asking.current = false;
      },
    });
  }, [saving, dirty, dirtyNow, onClose, modal]);
  return { close, leaveGuard: open && dirty && !saving ? <LeaveGuard /> : null };
}

/** A value as compared for "changed": an emptied field equals one never filled. */
function canon(values: unknown): string {
  return JSON.stringify(values, (_k, v: unknown) =>
    v === '' || v === null || (Array.isArray(v) && v.length === 0) ? undefined : v,
  );
}

/**
 * Whether an antd form in a dialog differs from what it showed when opened: its values once the user has
 * touched a field, compared with its values just before (so typing and deleting again is no change, and
 * values a dialog fills in on opening are the start, not an edit).
 */
export function useFormDirty<V>(form: FormInstance<V>, open: boolean): Pick<Guarded, 'dirty' | 'dirtyNow'> {
  const values: unknown = Form.useWatch([], { form, preserve: true });
  const now = open && values !== undefined ? canon(values) : null;
  const touched = now !== null && form.isFieldsTouched();
  const [start, setStart] = useState<string | null>(null);
  // until the first edit the start follows the form (initial values, values set on opening)
  if (!touched && start !== now) setStart(now);
  // the watch answers a moment after the keystroke: a close reads the form itself
  const dirtyNow = useCallback(
    () => open && form.isFieldsTouched() && canon(form.getFieldsValue(true)) !== start,
    [open, form, start],
  );
  return { dirty: touched && now !== start, dirtyNow };
}

/** useDialogGuard for a dialog holding one antd form: dirty when the form differs from how it opened. */
export function useFormDialogGuard<V>(form: FormInstance<V>, g: Omit<Guarded, 'dirty'>) {
  return useDialogGuard({ ...g, ...useFormDirty(form, g.open) });
}
