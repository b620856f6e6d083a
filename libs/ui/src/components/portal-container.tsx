import { createContext, useContext } from 'react';

/**
 * Where dropdowns and dialogs render their floating layer. The shell points it at the element a
 * remote screen lives in, so the layer stays inside the remote's CSS scope; by default (null) it
 * is document.body.
 */
const PortalContainerContext = createContext<HTMLElement | null>(null);

export const PortalContainerProvider = PortalContainerContext.Provider;

export function usePortalContainer(): HTMLElement | null {
  return useContext(PortalContainerContext);
}
