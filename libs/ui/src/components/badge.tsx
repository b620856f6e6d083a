import type { ComponentProps } from 'react';
import { cn } from '../lib/cn';

const toneClasses = {
  grey: 'bg-slate-100 text-slate-800',
  green: 'bg-green-100 text-green-800',
  yellow: 'bg-yellow-100 text-yellow-900',
  blue: 'bg-blue-100 text-blue-800',
  brand: 'bg-brand-100 text-brand-900',
} as const;

export type BadgeTone = keyof typeof toneClasses;

export function Badge({ tone = 'grey', className, ...props }: ComponentProps<'span'> & { tone?: BadgeTone }) {
  return (
    <span
      className={cn('inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold', toneClasses[tone], className)}
      {...props}
    />
  );
}
