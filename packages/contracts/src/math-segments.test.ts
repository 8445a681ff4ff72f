import { describe, expect, it } from 'vitest';
import { splitContent, splitMath } from './math-segments';

// One splitter for the web's MathText and the server's typed pages (issue 34): the same text, the same formulas.
describe('splitMath', () => {
  it('recognises all five delimiters', () => {
    expect(splitMath('a $$x^2$$ b \\[y\\] c \\(z\\) d $w$ e')).toEqual([
      { kind: 'text', value: 'a ' },
      { kind: 'math', value: 'x^2', display: true },
      { kind: 'text', value: ' b ' },
      { kind: 'math', value: 'y', display: true },
      { kind: 'text', value: ' c ' },
      { kind: 'math', value: 'z', display: false },
      { kind: 'text', value: ' d ' },
      { kind: 'math', value: 'w', display: false },
      { kind: 'text', value: ' e' },
    ]);
  });

  it('keeps unmatched and escaped dollars as text', () => {
    expect(splitMath('价格 5$，没有公式')).toEqual([{ kind: 'text', value: '价格 5$，没有公式' }]);
    expect(splitMath('\\$5 和 \\$6')).toEqual([{ kind: 'text', value: '$5 和 $6' }]);
    expect(splitMath('$$ $$')).toEqual([{ kind: 'text', value: '$$ $$' }]);
  });

  it('keeps an escaped dollar inside a formula, and a dollar escaped next to one', () => {
    expect(splitMath('$a\\$b$ 元')).toEqual([
      { kind: 'math', value: 'a\\$b', display: false },
      { kind: 'text', value: ' 元' },
    ]);
    expect(splitMath('\\$$x$')).toEqual([
      { kind: 'text', value: '$' },
      { kind: 'math', value: 'x', display: false },
    ]);
  });

  it('leaves an opening delimiter without its close as text, the rest still split', () => {
    expect(splitMath('\\(a+b 未闭合')).toEqual([{ kind: 'text', value: '\\(a+b 未闭合' }]);
    expect(splitMath('\\[x 和 $y$')).toEqual([
      { kind: 'text', value: '\\[x 和 ' },
      { kind: 'math', value: 'y', display: false },
    ]);
    expect(splitMath('$$x$ 不成对')).toEqual([
      { kind: 'text', value: '$' },
      { kind: 'math', value: 'x', display: false },
      { kind: 'text', value: ' 不成对' },
    ]);
  });

  it('marks $$ and \\[ \\] as display math, trimmed, with the text around it kept whole', () => {
    expect(splitMath('解：\n$$ \\frac{1}{2} $$\n所以')).toEqual([
      { kind: 'text', value: '解：\n' },
      { kind: 'math', value: '\\frac{1}{2}', display: true },
      { kind: 'text', value: '\n所以' },
    ]);
  });

  it('plain text is one segment', () => {
    expect(splitMath('第 1 题')).toEqual([{ kind: 'text', value: '第 1 题' }]);
    expect(splitMath('')).toEqual([]);
  });
});

const ID = '6f1d3c52-4a8e-4b7e-9c1a-2b3c4d5e6f70.png';

describe('splitContent (images of an online exam, issue 34)', () => {
  it('cuts each image mark out, with math split around it', () => {
    expect(splitContent(`如图 $x^2$\n![图片](online-image:12/${ID})，求 $y$`)).toEqual([
      { kind: 'text', value: '如图 ' },
      { kind: 'math', value: 'x^2', display: false },
      { kind: 'text', value: '\n' },
      { kind: 'image', alt: '图片', subjectId: 12, imageId: ID },
      { kind: 'text', value: '，求 ' },
      { kind: 'math', value: 'y', display: false },
    ]);
  });

  it('names an empty alt 图片, takes two marks side by side, and a bare uuid', () => {
    const bare = ID.replace('.png', '');
    expect(splitContent(`![](online-image:3/${ID})![示意图](online-image:3/${bare})`)).toEqual([
      { kind: 'image', alt: '图片', subjectId: 3, imageId: ID },
      { kind: 'image', alt: '示意图', subjectId: 3, imageId: bare },
    ]);
  });

  it('leaves other links, a bad id and a missing-image note as text', () => {
    for (const t of [
      '![图片](https://example.com/a.png)',
      '![图片](online-image:12/../../etc/passwd)',
      '![图片](online-image:12/not-a-uuid.png)',
      `![图片](online-image:x/${ID})`,
      '[图片缺失]',
    ])
      expect(splitContent(t)).toEqual([{ kind: 'text', value: t }]);
  });

  it('is plain math splitting where there is no image', () => {
    const t = 'a $$x^2$$ b \\(z\\) 价格 5$';
    expect(splitContent(t)).toEqual(splitMath(t));
  });
});
