// React's types lack the Element Timing attribute, which the landing headline uses.
import 'react';

declare module 'react' {
  // Merging requires React's own type parameter name, unused here.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface HTMLAttributes<T> {
    elementtiming?: string;
  }
}
