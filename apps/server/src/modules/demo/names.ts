// Deterministic demo people: the same seed gives the same school on every machine.
import { mulberry32 } from '@yj/scoring';

const SURNAMES =
  '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤';
const GIVEN =
  '子涵雨欣浩然梓轩一诺佳怡思远宇航诗琪俊杰嘉怡明轩欣怡晨曦博文雅婷天佑梦瑶志强晓东文静家豪若曦宏伟书瑶云飞静怡立新晓燕建国秀英鹏飞丽华海涛红梅';

/** mulberry32: a tiny seeded PRNG (the one 题序打乱 draws from). */
export const rng = mulberry32;

export function chineseName(rand: () => number): string {
  const pick = (s: string) => s[Math.floor(rand() * s.length)]!;
  const givenLen = rand() < 0.35 ? 1 : 2;
  let name = pick(SURNAMES);
  for (let i = 0; i < givenLen; i++) name += pick(GIVEN);
  return name;
}
