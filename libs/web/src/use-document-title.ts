import { useEffect } from 'react';

const productName = 'CarDirect';

/** Sets the browser tab's title for the screen on display, e.g. 'About Us | CarDirect'. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} | ${productName}`;
  }, [title]);
}
