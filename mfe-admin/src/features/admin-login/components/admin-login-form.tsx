import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, useLocation } from 'wouter';
import { adminLoginSchema, type AdminLoginInput } from '@cardirect/contracts';
import { Button, Card, CardContent, CardHeader, Field, Input, toast } from '@cardirect/ui';
import {
  errorMessageOf,
  fieldErrorsOf,
  isApiError,
  loginPathWithNext,
  pathAfterLogin,
  paths,
  restrictedPageFor,
  showServerFieldErrors,
  useAuthStore,
  useNextParam,
} from '@cardirect/web';
import { useCompleteLogin } from '@cardirect/web/query';
import { logOut } from '../api/log-out';
import { useLoginAdmin } from '../api/login-admin';

export const ACCESS_DENIED = 'Access Denied: This login is for administrators only.';

/** Only the admin may stay logged in through this form: anyone else's session ends here. */
async function refuseNonAdmin(): Promise<void> {
  await logOut();
  useAuthStore.getState().sessionEnded();
  toast({ title: ACCESS_DENIED, variant: 'destructive' });
}

/**
 * The admin login (spec sections 2, 5 and 8): e-mail and password checked by the shared schema,
 * 'Logging in...' while the call runs; an admin is welcomed and taken to the page they were sent
 * here from (`?next=`, when it is an admin's page of this site), else to the dashboard.
 */
export function AdminLoginForm() {
  const [, navigate] = useLocation();
  const next = useNextParam();
  // A dealer sent here with a page of theirs keeps it on the way to the dealer login.
  const dealerPage = restrictedPageFor('dealer', next);
  const login = useLoginAdmin();
  const completeLogin = useCompleteLogin();
  const form = useForm<AdminLoginInput>({ resolver: zodResolver(adminLoginSchema), defaultValues: { email: '', password: '' } });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (input) => {
    try {
      await login.mutateAsync(input);
      // The role the server reports for the new session decides, not the form that was used.
      const user = await completeLogin();
      if (user.role !== 'admin') {
        await refuseNonAdmin();
        return;
      }
      toast({ title: 'Login Successful', description: 'Welcome to the admin dashboard!' });
      navigate(pathAfterLogin(user.role, next));
    } catch (error) {
      if (isApiError(error) && error.status === 403 && error.body?.message === ACCESS_DENIED) {
        await refuseNonAdmin();
        return;
      }
      showServerFieldErrors(fieldErrorsOf(error), ['email', 'password'], form.setError);
      toast({ title: 'Login Failed', description: errorMessageOf(error, 'Invalid credentials'), variant: 'destructive' });
    }
  });

  return (
    <Card className="w-full max-w-md">
      <CardHeader>
        <h1 className="text-2xl font-bold text-slate-900">Admin Login</h1>
        <p className="text-sm text-slate-600">
          This page is restricted to administrators. Dealers sign in through the{' '}
          <Link href={dealerPage === null ? paths.dealerLogin : loginPathWithNext(paths.dealerLogin, dealerPage)} className="font-medium text-brand-700 underline focus-visible:outline-2 focus-visible:outline-brand-500">
            dealer login
          </Link>
          .
        </p>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <Field label="Email" error={errors.email?.message}>
            {(control) => <Input {...control} type="email" autoComplete="username" {...form.register('email')} />}
          </Field>
          <Field label="Password" error={errors.password?.message}>
            {(control) => <Input {...control} type="password" autoComplete="current-password" {...form.register('password')} />}
          </Field>
          <Button type="submit" disabled={isSubmitting} className="w-full">
            {isSubmitting ? 'Logging in...' : 'Login'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
