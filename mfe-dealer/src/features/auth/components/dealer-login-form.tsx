import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, useLocation } from 'wouter';
import type { z } from 'zod';
import { dealerLoginSchema } from '@cardirect/contracts';
import { Button, Field, Input, toast } from '@cardirect/ui';
import { errorMessageOf, paths } from '@cardirect/web';
import { useCompleteLogin } from '@cardirect/web/query';
import { useLoginDealer } from '../api/login-dealer';
import { AuthCard, authLinkClasses } from './auth-card';

/**
 * Dealer login (spec section 2): e-mail and password, links to the password reset and to the
 * registration. Success keeps role and e-mail in this browser and goes to the dashboard; a
 * refusal (wrong password, an account awaiting approval) shows the server's reason.
 */
export function DealerLoginForm() {
  const [, navigate] = useLocation();
  const login = useLoginDealer();
  const completeLogin = useCompleteLogin();
  const form = useForm<z.input<typeof dealerLoginSchema>, unknown, z.output<typeof dealerLoginSchema>>({
    resolver: zodResolver(dealerLoginSchema),
    defaultValues: { email: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (credentials) => {
    try {
      await login.mutateAsync(credentials);
      await completeLogin();
    } catch (error) {
      toast({ title: 'Login Failed', description: errorMessageOf(error, 'Invalid email or password'), variant: 'destructive' });
      return;
    }
    toast({ title: 'Login Successful', description: 'Redirecting to your dashboard...' });
    navigate(paths.dealerDashboard);
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
    </AuthCard>
  );
}
