import type { FormEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { Button, Card, Field, Input } from '@cardirect/ui';
import { paths } from '@cardirect/web';

/**
 * The spec's landing-page login box: it looks like a form but only leads to the real dealer
 * login page; it sends nothing and checks nothing, so the fields are not submitted anywhere.
 */
export function DealerLoginBox() {
  const [, navigate] = useLocation();

  function goToDealerLogin(event: FormEvent) {
    event.preventDefault();
    navigate(paths.dealerLogin);
  }

  return (
    <Card className="p-6">
      <h2 className="text-xl font-bold text-slate-900">Dealer Login</h2>
      <p className="mt-1 text-sm text-slate-600">Sign in to see vehicles from sellers near you.</p>
      <form className="mt-5 grid gap-4" onSubmit={goToDealerLogin}>
        <Field label="Email">{(control) => <Input {...control} type="email" autoComplete="email" />}</Field>
        <Field label="Password">{(control) => <Input {...control} type="password" autoComplete="current-password" />}</Field>
        <Button type="submit" className="w-full">
          Sign In
        </Button>
      </form>
      <div className="mt-4 flex flex-wrap justify-between gap-2 text-sm">
        <Link href={paths.dealerForgotPassword} className="font-medium text-brand-700 underline-offset-2 hover:underline">
          Forgot password?
        </Link>
        <Link href={paths.dealerRegister} className="font-medium text-brand-700 underline-offset-2 hover:underline">
          Register as a Dealer
        </Link>
      </div>
    </Card>
  );
}
