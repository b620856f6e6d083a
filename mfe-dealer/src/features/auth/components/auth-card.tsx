import type { ReactNode } from 'react';
import { Card, CardContent, CardHeader, cn } from '@cardirect/ui';

interface AuthCardProps {
  title: string;
  intro?: ReactNode;
  /** Registration has more fields and gets a wider card. */
  wide?: boolean;
  footer?: ReactNode;
  /** Shown beside the card on wide screens and below it on narrow ones. */
  aside?: ReactNode;
  children: ReactNode;
}

/** The centred card every dealer account screen (login, registration, password reset) sits in. */
export function AuthCard({ title, intro, wide = false, footer, aside, children }: AuthCardProps) {
  return (
    <div className={cn('mx-auto grid w-full gap-6 px-4 py-10 sm:py-16', aside ? 'max-w-6xl lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]' : wide ? 'max-w-2xl' : 'max-w-md')}>
      <Card>
        <CardHeader>
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{title}</h1>
          {intro && <p className="text-slate-600">{intro}</p>}
        </CardHeader>
        <CardContent className="grid gap-6">
          {children}
          {footer && <div className="border-t border-slate-200 pt-4 text-center text-sm text-slate-700">{footer}</div>}
        </CardContent>
      </Card>
      {aside}
    </div>
  );
}

/** A text link of the account screens (to login, registration, the reset form). */
export const authLinkClasses = 'font-semibold text-brand-700 underline-offset-2 hover:underline focus-visible:rounded-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500';
