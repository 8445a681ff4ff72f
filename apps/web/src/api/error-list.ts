import type { FieldError } from '@yj/contracts';
import { createElement } from 'react';
import { uiApi } from '../app/ui-bridge';
import { MESSAGE_DIALOG_WIDTH } from './constants';

type Listener = (errors: FieldError[]) => void;
const listeners = new Set<Listener>();
let last: FieldError[] = [];

/** The latest validation errors (spec §8 "array data fills an error list"). */
export function lastErrorList(): FieldError[] {
  return last;
}

/** Lets a form put the list beside its fields instead of (in addition to) the dialog. */
export function onErrorList(l: Listener): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}

/** Fills the error list and shows it in a message dialog. */
export function showErrorList(errors: FieldError[]): void {
  last = errors;
  for (const l of listeners) l(errors);
  const ui = uiApi();
  if (!ui) {
    console.error('请检查填写内容', errors);
    return;
  }
  ui.modal.warning({
    title: '请检查填写内容',
    width: MESSAGE_DIALOG_WIDTH,
    okText: '知道了',
    content: createElement(
      'ul',
      { style: { paddingLeft: 20, margin: 0 } },
      errors.map((e, i) => createElement('li', { key: `${e.field}-${i}` }, e.message)),
    ),
  });
}
