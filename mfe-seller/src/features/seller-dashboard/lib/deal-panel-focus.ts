import { createContext, useContext } from 'react';

/**
 * Where focus goes once a step succeeds: the control that took it is gone (the panel now shows
 * the next step), so focus lands on the panel's heading instead of the page's top.
 */
export const PanelFocusContext = createContext<() => void>(() => undefined);

export function usePanelFocus(): () => void {
  return useContext(PanelFocusContext);
}
