import type { Request, RequestHandler, Response, Router } from 'express';
import {
  adminLoginSchema,
  dealerLoginSchema,
  dealerRegistrationFormSchema,
  dealerRegistrationSchema,
  forgotPasswordSchema,
  resetLinkCheckSchema,
  resetPasswordSchema,
  sellerOtpRequestSchema,
  sellerOtpVerifySchema,
  sellerSignInLinkSchema,
  listingConfirmationSchema,
  type ListingConfirmed,
  type CurrentUser,
} from '@cardirect/contracts';
import { getIdentity, validateBody } from '@cardirect/service-kit';
import type { AuthDependencies, RequestContext } from '../domain/auth-dependencies';
import { registerDealer } from '../domain/dealer-registration';
import { loginAdmin, loginDealer } from '../domain/password-login';
import { checkResetLink, requestPasswordReset, resetPassword } from '../domain/password-reset';
import { requestSellerCode, signInWithLink, verifySellerCode } from '../domain/seller-code-login';
import { confirmListingAndSignIn } from '../domain/listing-confirmation';
import { endSession, type StartedSession } from '../domain/sessions';
import { clearSessionCookie, setSessionCookie } from './session-cookie';

function requestContext(req: Request): RequestContext {
  const identity = getIdentity(req);
  // The gateway signs the client's address into the identity; a direct caller has its own.
  return { ip: identity.clientAddress ?? req.ip ?? 'unknown', requestId: identity.requestId, currentSessionId: identity.sessionId };
}

/**
 * The registration payload of spec section 7; a client that also sends the form's
 * confirmPassword gets it checked ("Passwords do not match") like the form does.
 */
const validateRegistration: RequestHandler = (req, res, next) => {
  const sentConfirmation = typeof req.body === 'object' && req.body !== null && 'confirmPassword' in req.body;
  validateBody(sentConfirmation ? dealerRegistrationFormSchema : dealerRegistrationSchema)(req, res, next);
};

/**
 * The public account calls of spec section 7 (`/api/auth/*`), open to every caller. `GET
 * /api/auth/user` is the gateway's own: it answers from the session it reads anyway.
 */
export function mountAuthRoutes(router: Router, deps: AuthDependencies, publicUrl: string): void {
  const answerWithSession = (res: Response, session: StartedSession) => {
    setSessionCookie(res, session.sessionId, publicUrl);
    res.json(session.user satisfies CurrentUser);
  };

  router.post('/api/auth/dealer/register', validateRegistration, async (req, res) => {
    await registerDealer(req.body, requestContext(req), deps);
    res.status(201).json({ message: 'Registration successful. Your account is pending admin approval.' });
  });

  router.post('/api/auth/dealer/login', validateBody(dealerLoginSchema), async (req, res) => {
    answerWithSession(res, await loginDealer(req.body, requestContext(req), deps));
  });

  router.post('/api/auth/admin/login', validateBody(adminLoginSchema), async (req, res) => {
    answerWithSession(res, await loginAdmin(req.body, requestContext(req), deps));
  });

  router.post('/api/auth/seller/request-otp', validateBody(sellerOtpRequestSchema), async (req, res) => {
    await requestSellerCode(req.body, requestContext(req), deps);
    res.json({ message: 'A login code has been sent to your email address.' });
  });

  router.post('/api/auth/seller/verify-otp', validateBody(sellerOtpVerifySchema), async (req, res) => {
    answerWithSession(res, await verifySellerCode(req.body, requestContext(req), deps));
  });

  router.post('/api/auth/seller/sign-in-link', validateBody(sellerSignInLinkSchema), async (req, res) => {
    answerWithSession(res, await signInWithLink(req.body, requestContext(req), deps));
  });

  router.post('/api/auth/seller/confirm-listing', validateBody(listingConfirmationSchema), async (req, res) => {
    const confirmed = await confirmListingAndSignIn(req.body, requestContext(req), deps);
    setSessionCookie(res, confirmed.sessionId, publicUrl);
    res.json({ user: confirmed.user, vehicleId: confirmed.vehicleId } satisfies ListingConfirmed);
  });

  router.post('/api/auth/dealer/forgot-password', validateBody(forgotPasswordSchema), async (req, res) => {
    await requestPasswordReset(req.body, requestContext(req), deps);
    res.json({ message: 'If a dealer account exists for this email, we have sent it a link to reset the password.' });
  });

  router.post('/api/auth/dealer/reset-password/check', validateBody(resetLinkCheckSchema), async (req, res) => {
    await checkResetLink(req.body, deps);
    res.json({ message: 'This reset link is valid.' });
  });

  router.post('/api/auth/dealer/reset-password', validateBody(resetPasswordSchema), async (req, res) => {
    await resetPassword(req.body, deps);
    res.json({ message: 'Your password has been reset. Please log in with the new password.' });
  });

  router.post('/api/auth/logout', async (req, res) => {
    await endSession(getIdentity(req).sessionId, deps);
    clearSessionCookie(res, publicUrl);
    res.json({ message: 'Logged out' });
  });
}
