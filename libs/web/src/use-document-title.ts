import { useEffect } from 'react';

/** The product's default title (spec section 1), also in the shell's index.html. */
const defaultDocumentTitle = 'Sell Your Car Directly to Dealers';

/** Sets the browser tab's title for the screen on display: 'About Us | CarDirect', or the default title. */
export function useDocumentTitle(title?: string): void {
  useEffect(() => {
    document.title = title ? `${title} | CarDirect` : defaultDocumentTitle;
  }, [title]);
}
