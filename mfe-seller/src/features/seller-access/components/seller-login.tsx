import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation } from 'wouter';
import { sellerOtpRequestSchema, sellerOtpVerifySchema, type SellerOtpRequest, type SellerOtpVerify } from '@cardirect/contracts';
import { Button, Card, Field, Input, toast } from '@cardirect/ui';
import { EmailAddress, errorMessageOf, isApiError, pathAfterLogin, useNextParam } from '@cardirect/web';
import { useRequestOtp } from '../api/request-otp';
import { useVerifyOtp } from '../api/verify-otp';
import { useSignInLinkToken } from '../lib/sign-in-link-token';
import { SignInWithLink } from './sign-in-with-link';

function useSendCode(onSent: (email: string) => void) {
  const requestOtp = useRequestOtp();
  const send = (email: string) =>
    requestOtp.mutate(
      { email },
      {
        onSuccess: () => {
          toast({ title: 'OTP Sent', description: 'A login code has been sent to your email address.' });
          onSent(email);
        },
        onError: (error) => toast({ title: 'Failed to Send OTP', description: errorMessageOf(error, 'An error occurred while sending the OTP'), variant: 'destructive' }),
      },
    );
  return { send, sending: requestOtp.isPending };
}

/**
 * Seller Access (spec section 2): an e-mail address, then the one-time code sent to it; opened
 * from a code e-mail's sign-in link, a 'Sign in' step first. Either login leads to the seller's
 * page the person was sent here from (`?next=`), else the code to /submit-vehicle (spec section
 * 4) and the link to /seller/dashboard.
 */
export function SellerLogin() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [signInToken, setSignInTokenAside] = useSignInLinkToken();
  const step = signInToken ? (
    <SignInWithLink key={signInToken} token={signInToken} onFailed={setSignInTokenAside} />
  ) : sentTo === null ? (
    <RequestCodeForm onSent={setSentTo} />
  ) : (
    <VerifyCodeForm email={sentTo} onBack={() => setSentTo(null)} />
  );
  return (
    <div className="mx-auto grid max-w-md gap-6 px-4 py-12">
      <header className="grid gap-2 text-center">
        <h1 className="text-3xl font-bold text-slate-900">Seller Access</h1>
        <p className="text-slate-600">Log in with a one-time code to see the offers dealers made on your car.</p>
      </header>
      <Card className="p-6">{step}</Card>
    </div>
  );
}

function RequestCodeForm({ onSent }: { onSent: (email: string) => void }) {
  const { send, sending } = useSendCode(onSent);
  const form = useForm<SellerOtpRequest>({ resolver: zodResolver(sellerOtpRequestSchema), defaultValues: { email: '' } });
  return (
    <form onSubmit={form.handleSubmit(({ email }) => send(email))} noValidate className="grid gap-4">
      <h2 className="text-lg font-semibold text-slate-900">Enter your email</h2>
      <Field label="Email" hint="The address you gave when you submitted your car." error={form.formState.errors.email?.message}>
        {(control) => <Input {...control} type="email" autoComplete="email" {...form.register('email')} />}
      </Field>
      <Button type="submit" disabled={sending}>
        {sending ? 'Sending...' : 'Send Login Code'}
      </Button>
    </form>
  );
}

function VerifyCodeForm({ email, onBack }: { email: string; onBack: () => void }) {
  const [, navigate] = useLocation();
  const next = useNextParam();
  const { send, sending } = useSendCode(() => undefined);
  const verifyOtp = useVerifyOtp();
  const heading = useRef<HTMLHeadingElement>(null);
  const form = useForm<SellerOtpVerify>({ resolver: zodResolver(sellerOtpVerifySchema), defaultValues: { email, otp: '' } });
  useEffect(() => heading.current?.focus(), []);

  const verify = form.handleSubmit((verification) =>
    verifyOtp.mutate(verification, {
      onSuccess: (user) => {
        toast({ title: 'Login Successful', description: 'You are now logged in.' });
        navigate(pathAfterLogin(user.role, next));
      },
      onError: (error) => {
        toast({ title: 'Verification Failed', description: errorMessageOf(error, 'Invalid or expired OTP'), variant: 'destructive' });
        if (isApiError(error) && error.status === 401) form.setError('otp', { type: 'server', message: errorMessageOf(error, 'Invalid or expired OTP') }, { shouldFocus: true });
      },
    }),
  );

  return (
    <form onSubmit={verify} noValidate className="grid gap-4">
      <h2 ref={heading} tabIndex={-1} className="text-lg font-semibold text-slate-900 outline-none">
        Enter your code
      </h2>
      <p className="text-sm text-slate-700">
        We sent a 6-digit code to <strong><EmailAddress email={email} /></strong>. It is valid for 10 minutes. The email also has a link that signs you in.
      </p>
      <Field label="Verification Code" error={form.formState.errors.otp?.message ?? form.formState.errors.email?.message}>
        {(control) => <Input {...control} inputMode="numeric" autoComplete="one-time-code" maxLength={12} className="font-mono tracking-widest" {...form.register('otp')} />}
      </Field>
      <Button type="submit" disabled={verifyOtp.isPending}>
        {verifyOtp.isPending ? 'Verifying...' : 'Verify & Login'}
      </Button>
      <div className="flex flex-wrap justify-between gap-3">
        <Button variant="secondary" onClick={onBack}>
          Back
        </Button>
        <Button variant="ghost" onClick={() => send(email)} disabled={sending}>
          {sending ? 'Sending...' : 'Resend Code'}
        </Button>
      </div>
    </form>
  );
}
