/** Facts about the site that appear in the page chrome and in the legal pages. */
export const site = {
  name: 'CarDirect',
  supportEmail: 'support@cardirect.com',
  socialLinks: [
    { name: 'Facebook', href: 'https://www.facebook.com/' },
    { name: 'Instagram', href: 'https://www.instagram.com/' },
    { name: 'LinkedIn', href: 'https://www.linkedin.com/' },
    { name: 'Twitter', href: 'https://twitter.com/' },
  ],
} as const;
