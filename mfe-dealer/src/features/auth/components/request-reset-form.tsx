import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link } from 'wouter';
import type { z } from 'zod';
import { forgotPasswordSchema } from '@cardirect/contracts';
import { Button, Field, Input, toast } from '@cardirect/ui';
import { errorMessageOf, paths } from '@cardirect/web';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { AuthCard, authLinkClasses } from './auth-card';

const backToLogin = (
  <Link href={paths.dealerLogin} className={authLinkClasses}>
    Back to Dealer Login
  </Link>
);

/**
 * "Send me a link": asks for the e-mail and then says what the server says, which is the same
 * whether or not a dealer has that address (nobody learns who is registered).
 */
export function RequestResetForm() {
  const request = useRequestPasswordReset();
  const form = useForm<z.input<typeof forgotPasswordSchema>, unknown, z.output<typeof forgotPasswordSchema>>({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit((input) =>
    request.mutateAsync(input).catch((error: unknown) => {
      toast({ title: 'Request Failed', description: errorMessageOf(error, 'Could not send the reset link. Please try again.'), variant: 'destructive' });
    }),
  );

  if (request.isSuccess) {
    return (
      <AuthCard title="Check Your Email" footer={backToLogin}>
        <div role="status" className="grid gap-2 rounded-md bg-brand-50 p-4 text-slate-800">
          <p>{request.data.message}</p>
          <p className="text-sm text-slate-600">The link in the e-mail can be used once, within 1 hour.</p>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Forgot Password" intro="Enter the e-mail address of your dealer account and we will send you a link to set a new password." footer={backToLogin}>
      <form onSubmit={submit} noValidate className="grid gap-4">
        <Field label="Email" error={errors.email?.message}>
          {(control) => <Input {...control} type="email" autoComplete="email" {...form.register('email')} />}
        </Field>
        <Button type="submit" disabled={isSubmitting} className="w-full">
          {isSubmitting ? 'Sending...' : 'Send Reset Link'}
        </Button>
      </form>
    </AuthCard>
  );
}
