import { useEffect, useState } from 'react';

// A code e-mail's sign-in link carries its token in the fragment (`/seller/login#token=…`), so it
// never reaches a server log or a Referer header. Once read it is taken out of the address bar
// too, so it is not left in the history or copied along with the address.

function readSignInToken(): string | null {
  return new URLSearchParams(window.location.hash.slice(1)).get('token') || null;
}

function removeSignInTokenFromAddress(): void {
  if (!readSignInToken()) return;
  const { pathname, search } = window.location;
  window.history.replaceState(window.history.state, '', `${pathname}${search}`);
}

/**
 * The token of the sign-in link this page was opened from, and a way to set it aside (after a
 * failed sign-in). A link pasted into the open page changes only the fragment: it is followed too.
 */
export function useSignInLinkToken(): [token: string | null, setAside: () => void] {
  const [token, setToken] = useState(readSignInToken);

  useEffect(() => {
    removeSignInTokenFromAddress();
    const followLink = () => {
      const linked = readSignInToken();
      if (!linked) return;
      setToken(linked);
      removeSignInTokenFromAddress();
    };
    window.addEventListener('hashchange', followLink);
    return () => window.removeEventListener('hashchange', followLink);
  }, []);

  return [token, () => setToken(null)];
}
