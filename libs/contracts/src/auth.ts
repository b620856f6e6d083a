import { z } from 'zod';
import { emailField, passwordField, requiredText } from './fields';
import { US_STATE_CODES } from './reference-data';

export const ROLES = ['admin', 'dealer', 'seller'] as const;
export type Role = (typeof ROLES)[number];

export const currentUserSchema = z.object({ email: z.string(), role: z.enum(ROLES) });
export type CurrentUser = z.infer<typeof currentUserSchema>;

export const dealerLoginSchema = z.object({
  email: emailField('Invalid email address'),
  password: passwordField(),
});
export type DealerLoginInput = z.infer<typeof dealerLoginSchema>;

export const adminLoginSchema = z.object({
  email: emailField('Please enter a valid email address'),
  password: passwordField(),
});
export type AdminLoginInput = z.infer<typeof adminLoginSchema>;

const dealerRegistrationFields = {
  dealershipName: requiredText('Dealership name is required', 3, 120),
  email: emailField('Invalid email address'),
  password: passwordField(),
  phoneNumber: requiredText('Valid phone number is required', 10, 30).refine(
    (phone) => phone.replace(/\D/g, '').length >= 10,
    'Valid phone number is required',
  ),
  address: requiredText('Address is required', 3, 200),
  city: requiredText('City is required', 2, 100),
  state: z
    .string({ error: 'State is required' })
    .trim()
    .toUpperCase()
    .refine((state) => US_STATE_CODES.includes(state), 'State is required'),
  zipCode: requiredText('Valid ZIP code is required', 5, 10).refine(
    (zip) => /^\d{5}(-\d{4})?$/.test(zip),
    'Valid ZIP code is required',
  ),
};

/** What the server accepts from POST /api/auth/dealer/register (no password confirmation). */
export const dealerRegistrationSchema = z.object(dealerRegistrationFields);
export type DealerRegistrationInput = z.infer<typeof dealerRegistrationSchema>;

/** The registration form: the payload plus a confirmation that must match. */
export const dealerRegistrationFormSchema = z
  .object({ ...dealerRegistrationFields, confirmPassword: passwordField() })
  .refine((form) => form.password === form.confirmPassword, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
  });
export type DealerRegistrationForm = z.infer<typeof dealerRegistrationFormSchema>;

export const sellerOtpRequestSchema = z.object({ email: emailField('Invalid email address') });
export type SellerOtpRequest = z.infer<typeof sellerOtpRequestSchema>;

export const sellerOtpVerifySchema = z.object({
  email: emailField('Invalid email address'),
  otp: z
    .string({ error: 'OTP must be at least 6 characters' })
    .trim()
    .min(6, 'OTP must be at least 6 characters')
    .max(12, 'Invalid or expired OTP'),
});
export type SellerOtpVerify = z.infer<typeof sellerOtpVerifySchema>;

const invalidSignInLink = 'This sign-in link is not valid. Request a new code.';

/** POST /api/auth/seller/sign-in-link: the token of the sign-in link a code e-mail carries (32 random bytes, base64url). */
export const sellerSignInLinkSchema = z.object({
  token: z
    .string({ error: invalidSignInLink })
    .trim()
    .regex(/^[A-Za-z0-9_-]{43}$/, invalidSignInLink),
});
export type SellerSignInLink = z.infer<typeof sellerSignInLinkSchema>;

export const forgotPasswordSchema = z.object({ email: emailField('Invalid email address') });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

export const resetPasswordSchema = z.object({
  token: z.string({ error: 'Reset link is invalid or has expired' }).min(16, 'Reset link is invalid or has expired').max(200),
  password: passwordField(),
});
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

/** POST /api/auth/dealer/reset-password/check: whether a reset link still works, before a new password is typed. */
export const resetLinkCheckSchema = resetPasswordSchema.pick({ token: true });
export type ResetLinkCheck = z.infer<typeof resetLinkCheckSchema>;

/** The "set a new password" form: the new password twice (the token comes from the e-mail's link). */
export const resetPasswordFormSchema = z
  .object({ password: passwordField(), confirmPassword: passwordField() })
  .refine((form) => form.password === form.confirmPassword, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
  });
export type ResetPasswordForm = z.infer<typeof resetPasswordFormSchema>;

/** Dealer as the admin sees it (spec section 3, "Dealer (as listed to admin)"). */
export interface DealerView {
  id: string;
  dealershipName: string;
  isApproved: boolean;
  city: string;
  state: string;
  zipCode: string;
  address: string;
  phoneNumber: string;
  createdAt: string;
  user: { email: string };
  /** The dealer's account id: what its offers and deals name it by (OfferView.dealerId, FlaggedDealer.dealerId). */
  userId: string;
  /** Set while an admin has the dealer suspended (issue 34): it cannot log in or offer. */
  suspension?: DealerSuspension;
  /** What admins did to this dealer, oldest first: who, when and why. */
  adminActions: DealerAdminAction[];
}

export interface DealerSuspension {
  reason: string;
  since: string;
  /** The suspending admin's e-mail. */
  by: string;
}

export const DEALER_ADMIN_ACTIONS = ['approved', 'suspended', 'reinstated'] as const;
export type DealerAdminActionName = (typeof DEALER_ADMIN_ACTIONS)[number];

/** One line of a dealer's admin log, in the style of the contact-access log: who, when, why. */
export interface DealerAdminAction {
  action: DealerAdminActionName;
  /** The admin's e-mail. */
  by: string;
  at: string;
  reason?: string;
}

export const DEALER_SUSPENSION_REASON_MAX = 1000;

/**
 * POST /api/dealers/:id/suspend and POST /api/dealers/:id/reinstate (admin): the reason, which the
 * dealer reads in its e-mail and the admin log keeps.
 */
export const dealerSuspensionSchema = z.object({
  reason: requiredText('Give a reason; the dealer reads it in its e-mail', 1, DEALER_SUSPENSION_REASON_MAX),
});
export type DealerSuspensionInput = z.infer<typeof dealerSuspensionSchema>;

/** A suspended dealer's login is refused with this (403). */
export const DEALER_SUSPENDED_MESSAGE = 'Your dealer account is suspended. We have e-mailed you the reason; reply to that e-mail to contact CarDirect.';
