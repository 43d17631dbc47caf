import { cn, initials } from '../../lib/utils.ts';

export function UserAvatar({
  user,
  className,
}: {
  user: { name?: string | null; username: string; avatar?: string | null };
  className?: string;
}) {
  return (
    <span
      className={cn(
        'inline-flex h-9 w-9 shrink-0 items-center justify-center overflow-hidden rounded-full bg-primary text-sm font-semibold text-primary-foreground',
        className,
      )}
    >
      {user.avatar ? (
        <img src={user.avatar} alt="" className="h-full w-full object-cover" />
      ) : (
        <span aria-hidden="true">{initials(user)}</span>
      )}
    </span>
  );
}
