import { useState } from 'react';
// the avatar alone: antd's `Avatar` export also carries Avatar.Group (docs/performance.md, "First load")
import Avatar from 'antd/es/avatar/Avatar';
import type { User } from '@docent/contracts';

/** Avatar backgrounds; each keeps white initials at 4.5:1 or more (WCAG AA). */
const PALETTE = ['#4f46e5', '#0e7490', '#047857', '#b45309', '#be185d', '#7c3aed', '#2563eb', '#b91c1c'];

/** Up to two initials from the full name, else from the user name or email. */
export function initialsOf(user: Pick<User, 'firstName' | 'lastName' | 'userName' | 'email'>): string {
  const parts = [user.firstName, user.lastName].map((s) => s.trim()).filter(Boolean);
  const source = parts.length > 0 ? parts : [user.userName || user.email.name];
  const letters = parts.length > 1 ? parts.map((p) => p[0]) : Array.from(source[0] ?? '?').slice(0, 1);
  return letters.join('').slice(0, 2).toUpperCase() || '?';
}

/** A stable colour per user, so the generated avatar does not change between visits. */
export function colorFor(seed: string): string {
  let h = 0;
  for (const ch of seed) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return PALETTE[h % PALETTE.length] ?? PALETTE[0]!;
}

export function fullName(user: Pick<User, 'firstName' | 'lastName'>): string {
  return [user.firstName, user.lastName]
    .map((s) => s.trim())
    .filter(Boolean)
    .join(' ');
}

/** The picture, or generated initials when there is none or it fails to load. */
export function UserAvatar({ user, size = 32 }: { user: User; size?: number }) {
  const [failed, setFailed] = useState<string | null>(null);
  if (user.imgUrl && failed !== user.imgUrl) {
    const url = user.imgUrl;
    return (
      <Avatar
        src={url}
        size={size}
        alt={fullName(user)}
        onError={() => {
          setFailed(url);
          return false;
        }}
      />
    );
  }
  return (
    <Avatar
      size={size}
      data-testid="avatar-initials"
      style={{ backgroundColor: colorFor(user.id || user.email.name), color: '#ffffff', fontWeight: 600, fontSize: size * 0.4 }}
    >
      {initialsOf(user)}
    </Avatar>
  );
}
