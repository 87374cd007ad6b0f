import { cn } from '@/web/lib/cn';
import { initialOf } from '@/web/lib/format';

const sizes = {
  sm: 'size-9 text-sm',
  md: 'size-12 text-lg',
  lg: 'size-24 text-4xl',
} as const;

interface AvatarProps {
  name: string;
  src?: string | null;
  size?: keyof typeof sizes;
  className?: string;
}

/** The user's picture, or the first letter of their name on a coloured disc. */
export function Avatar({ name, src, size = 'md', className }: AvatarProps) {
  const classes = cn(
    'inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full',
    sizes[size],
    className,
  );
  if (src) return <img src={src} alt={name} className={cn(classes, 'object-cover')} />;
  return (
    <span
      role="img"
      aria-label={name}
      className={cn(
        classes,
        'bg-gradient-to-br from-brand-strong to-cyan-700 font-bold text-white',
      )}
    >
      <span aria-hidden="true">{initialOf(name)}</span>
    </span>
  );
}
