import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, useLocation } from 'wouter';
import type { z } from 'zod';
import { dealerLoginSchema } from '@cardirect/contracts';
import { Button, Field, Input, toast } from '@cardirect/ui';
import { errorMessageOf, loginPathWithNext, pathAfterLogin, paths, restrictedPageFor, useNextParam } from '@cardirect/web';
import { useCompleteLogin } from '@cardirect/web/query';
import { useLoginDealer } from '../api/login-dealer';
import { AuthCard, authLinkClasses } from './auth-card';

/** True when the path is the dealer dashboard (with or without its filters). */
function isDashboard(path: string): boolean {
  return path.split(/[?#]/)[0]!.toLowerCase() === paths.dealerDashboard;
}

/**
 * Dealer login (spec section 2): e-mail and password, links to the password reset and to the
 * registration. Success keeps role and e-mail in this browser and goes to the page the dealer was
 * sent here from (`?next=`, when it is a dealer's page of this site), else to the dashboard; a
 * refusal (wrong password, an account awaiting approval) shows the server's reason. The guards of
 * the admin's pages send here too (spec section 6): for those, the admin login is offered.
 */
export function DealerLoginForm() {
  const [, navigate] = useLocation();
  const next = useNextParam();
  const adminPage = restrictedPageFor('admin', next);
  const login = useLoginDealer();
  const completeLogin = useCompleteLogin();
  const form = useForm<z.input<typeof dealerLoginSchema>, unknown, z.output<typeof dealerLoginSchema>>({
    resolver: zodResolver(dealerLoginSchema),
    defaultValues: { email: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (credentials) => {
    let destination: string;
    try {
      await login.mutateAsync(credentials);
      const user = await completeLogin();
      destination = pathAfterLogin(user.role, next);
    } catch (error) {
      toast({ title: 'Login Failed', description: errorMessageOf(error, 'Invalid email or password'), variant: 'destructive' });
      return;
    }
    toast({ title: 'Login Successful', description: isDashboard(destination) ? 'Redirecting to your dashboard...' : 'Taking you to the page you asked for...' });
    navigate(destination);
  });

  return (
    <AuthCard
      title="Dealer Login"
      intro="Sign in to browse cars from local sellers and make offers."
      footer={
        <>
          New to CarDirect?{' '}
          <Link href={paths.dealerRegister} className={authLinkClasses}>
            Register as a Dealer
          </Link>
        </>
      }
    >
      <form onSubmit={submit} noValidate className="grid gap-4">
        <Field label="Email" error={errors.email?.message}>
          {(control) => <Input {...control} type="email" autoComplete="email" {...form.register('email')} />}
        </Field>
        <Field label="Password" error={errors.password?.message}>
          {(control) => <Input {...control} type="password" autoComplete="current-password" {...form.register('password')} />}
        </Field>
        <Link href={paths.dealerForgotPassword} className={`justify-self-end text-sm ${authLinkClasses}`}>
          Forgot password?
        </Link>
        <Button type="submit" disabled={isSubmitting} className="w-full">
          {isSubmitting ? 'Signing in...' : 'Sign In'}
        </Button>
      </form>
      {adminPage !== null && (
        <p className="text-center text-sm text-slate-700">
          Signing in as the administrator? Use the{' '}
          <Link href={loginPathWithNext(paths.adminLogin, adminPage)} className={authLinkClasses}>
            admin login
          </Link>
          .
        </p>
      )}
    </AuthCard>
  );
}
