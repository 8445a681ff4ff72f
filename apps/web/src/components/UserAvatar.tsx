import type { UserProfile } from '@yj/contracts';
import { Avatar } from 'antd';
import { BRAND } from '../app/theme';

/** Two-character form of a name, as Chinese apps show it: 王校长 → 校长, 李明 → 李明. */
export function avatarText(name: string): string {
  const n = name.trim();
  if (!n) return '我';
  return /^[\u4e00-\u9fa5]+$/.test(n) ? n.slice(-2) : n.slice(0, 1).toUpperCase();
}

/** The user's picture, or a short form of the name on the brand colour. */
export function UserAvatar({ user, size }: { user: Pick<UserProfile, 'name' | 'avatarUrl'>; size: number }) {
  if (user.avatarUrl) return <Avatar size={size} src={user.avatarUrl} alt={user.name} />;
  return (
    <Avatar size={size} style={{ background: BRAND, fontSize: Math.round(size * 0.36) }}>
      {avatarText(user.name)}
    </Avatar>
  );
}
