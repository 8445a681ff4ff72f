/** Figures as the screens print them. */
export const pct = (v: number | null | undefined): string =>
  v == null ? '—' : `${Math.round(v * 1000) / 10}%`;
export const num = (v: number | null | undefined, digits = 2): string =>
  v == null ? '—' : String(Math.round(v * 10 ** digits) / 10 ** digits);
/** A share 0…1 as the percent a progress bar takes, rounded down to a tenth (never shows 100 before done). */
export const percent = (share: number | null): number => (share === null ? 0 : Math.floor(share * 1000) / 10);
export const speed = (v: number | null | undefined): string => (v == null ? '—' : `${num(v, 1)} 份/小时`);

/** An estimated finish: the time of day, with the date when it is not today. */
export function eta(iso: string | null, done: number, total: number): string {
  if (total > 0 && done >= total) return '已完成';
  if (!iso) return '暂无（当前无人阅卷）';
  const d = new Date(iso);
  const hm = d.toLocaleTimeString('zh-CN', { hour: '2-digit', minute: '2-digit', hour12: false });
  return d.toDateString() === new Date().toDateString()
    ? `今天 ${hm}`
    : `${d.getMonth() + 1}月${d.getDate()}日 ${hm}`;
}
