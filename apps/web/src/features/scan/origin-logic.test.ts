import { describe, expect, it } from 'vitest';
import { matchOriginFiles } from './origin-logic';

const students = [
  { examineeId: 5, kaohao: '20260005' },
  { examineeId: 6, kaohao: '20260006' },
];

describe('uploadorigin rules (spec §5)', () => {
  it('gives each file named by a 考号 to that student, in file order', () => {
    expect(matchOriginFiles([{ name: '20260006.tif' }, { name: '20260005.jpg' }], students)).toEqual({
      owners: [6, 5],
    });
  });

  it('refuses names with other characters, a count that differs, and names of no selected student', () => {
    const one = [{ name: '20260005.jpg' }];
    expect(matchOriginFiles([{ name: '张三.jpg' }, { name: '2.jpg' }], students)).toEqual({
      problem: '图片名称只能为数字',
    });
    expect(matchOriginFiles(one, students)).toEqual({ problem: '文件数量（1）与所选学生数量（2）不一致' });
    expect(matchOriginFiles([...one, { name: '123.jpg' }], students)).toEqual({
      problem: '图片“123.jpg”的名称与所选考生的考号不对应',
    });
    expect(matchOriginFiles([...one, { name: '20260005.pdf' }], students)).toEqual({
      problem: '考号 20260005 有多个文件',
    });
    expect(matchOriginFiles(one, [])).toEqual({ problem: '请先选择考生' });
  });
});
