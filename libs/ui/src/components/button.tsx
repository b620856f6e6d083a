import { Slot } from '@radix-ui/react-slot';
import type { ComponentProps } from 'react';
import { cn } from '../lib/cn';

// Each variant carries its own colours, focus ring included: class names are joined without
// conflict resolution, so a caller must pick a variant rather than override colours.
const variantClasses = {
  primary: 'bg-brand-600 text-white hover:bg-brand-700 focus-visible:outline-brand-500',
  secondary: 'bg-white text-brand-700 ring-1 ring-inset ring-brand-600 hover:bg-brand-50 focus-visible:outline-brand-500',
  ghost: 'text-slate-700 hover:bg-slate-100 focus-visible:outline-brand-500',
  destructive: 'bg-red-600 text-white hover:bg-red-700 focus-visible:outline-red-500',
  /** On a dark or coloured background. */
  inverse: 'bg-white text-brand-900 hover:bg-brand-50 focus-visible:outline-white',
  /** Secondary action on a dark or coloured background. */
  inverseOutline: 'text-white ring-1 ring-inset ring-white/70 hover:bg-white/10 focus-visible:outline-white',
} as const;

const sizeClasses = {
  sm: 'h-9 px-3 text-sm',
  md: 'h-11 px-5 text-base',
  lg: 'h-12 px-7 text-lg',
} as const;

export type ButtonProps = ComponentProps<'button'> & {
  variant?: keyof typeof variantClasses;
  size?: keyof typeof sizeClasses;
  /** Render the child element (e.g. a link) with the button's look instead of a <button>. */
  asChild?: boolean;
};

export function Button({ variant = 'primary', size = 'md', asChild = false, className, type, ...props }: ButtonProps) {
  const Component = asChild ? Slot : 'button';
  return (
    <Component
      type={asChild ? undefined : (type ?? 'button')}
      className={cn(
        'inline-flex items-center justify-center gap-2 rounded-md font-semibold transition-colors focus-visible:outline-3 focus-visible:outline-offset-2 disabled:pointer-events-none disabled:opacity-50',
        variantClasses[variant],
        sizeClasses[size],
        className,
      )}
      {...props}
    />
  );
}
